/** The visitor counts' public module (browser and server): the Insights page and its period. */
export { InsightsPage } from "./InsightsPage";
export { parsePeriod } from "./insights";
