/** The visitor counts' public server module (ADR 0023): what the Worker entry wires into fetch, queue and cron, and the Insights report. */
export { beaconViewOf, pageViewOf, sendView, VIEW_BEACON_PATH } from "./count.server";
export { handleViewBatch } from "./ingest.server";
export { closeInsightDays } from "./salt.server";
export { rollSubmissionDays } from "./submissions.server";
export { exportInsightsCsv, insightsReport } from "./insights.server";
