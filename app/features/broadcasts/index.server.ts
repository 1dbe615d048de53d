/** The broadcasts feature's public module (server only): what the composition root and other features use of it. */
import { runFanoutTask, FANOUT_TASK } from "./broadcasts.server";

export { broadcastsEmails } from "./broadcast.emails";
export { runBroadcastsCron } from "./broadcasts.server";
/** Whether marketing email to an address is suppressed (a hard bounce or a complaint): every marketing sender asks it. */
export { isSuppressed } from "./suppression.server";
/** The same check for many addresses in one D1 round trip: a statement for the caller's batch and its reading. */
export { suppressedAmong, suppressedAmongStatement } from "./suppression.server";

/** The queue tasks delivery runs for broadcasts (DeliverySetup.tasks). */
export const broadcastsTasks = { [FANOUT_TASK]: runFanoutTask } as const;
export { readCappedBody, receiveEmailEvents } from "./email-events.server";
