/** The broadcasts feature's public module (server only): what the composition root and other features use of it. */
import { runFanoutTask, FANOUT_TASK } from "./broadcasts.server";

export { broadcastsEmails } from "./broadcast.emails";
export { runBroadcastsCron } from "./broadcasts.server";
/** Whether marketing email to an address is suppressed (a hard bounce or a complaint): every marketing sender asks it. */
export { isSuppressed } from "./suppression.server";

/** The queue tasks delivery runs for broadcasts (DeliverySetup.tasks). */
export const broadcastsTasks = { [FANOUT_TASK]: runFanoutTask } as const;
export { readCappedBody, receiveEmailEvents } from "./email-events.server";
export {
  broadcastEditorAction,
  broadcastPage,
  broadcastSendAction,
  broadcastsListPage,
  isSendIntent,
  type BroadcastActionData,
} from "./broadcasts-admin.server";
export { PREVIEW_POLICY, previewEmail } from "./broadcast-preview.server";
export { getBroadcast } from "./broadcasts.server";
