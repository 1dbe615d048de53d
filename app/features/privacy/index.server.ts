/** The privacy feature's public module (server only): what the cron runs. */
export { runRetention } from "./retention.server";
