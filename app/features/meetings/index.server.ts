/** The meetings feature's public module (server only): the schedulers' webhooks, the team's calls, the embed's reference. */
export { receiveSchedulerWebhook, schedulerVerifier } from "./webhook.server";
export { callsBetween, callsOverview, type Call, type CallsOverview } from "./calls.server";
export { knownVisitor, type KnownVisitor } from "./prefill.server";
export { pruneSchedulerEvents, SCHEDULER_EVENTS_RETENTION_DAYS } from "./events-retention.server";
