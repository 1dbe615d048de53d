/** The broadcasts feature's public module (server only): what the composition root, routes and other features use of it. */
import { runFanoutTask, FANOUT_TASK } from "./broadcasts.server";

export { broadcastsEmails } from "./broadcast.emails";
export { broadcastStats, runBroadcastsCron, type BroadcastStats } from "./broadcasts.server";
/** Whether marketing email to an address is suppressed (a hard bounce or a complaint): every marketing sender asks it. */
export { isSuppressed } from "./suppression.server";
/** The same check for many addresses in one D1 round trip: a statement for the caller's batch and its reading. */
export { suppressedAmong, suppressedAmongStatement } from "./suppression.server";

/** The queue tasks delivery runs for broadcasts (DeliverySetup.tasks). */
export const broadcastsTasks = { [FANOUT_TASK]: runFanoutTask } as const;
export { MAX_EVENTS_BODY_BYTES, receiveEmailEvents } from "./email-events.server";
/** The click redirect `/r/{token}`. */
export { CLICK_MESSAGES, recordClick, type ClickResult } from "./clicks.server";
/** The web version `/newsletter/{slug}`, and its purge when a broadcast's web-version choice changes. */
export { getWebVersion, purgeWebVersion, webVersionTags, type WebVersion } from "./web-version.server";
/** The person page's "Newsletter" block: its data, and its "Lift suppression" action. */
export {
  isLiftSuppression,
  liftPersonSuppression,
  loadPersonNewsletter,
  type LiftSuppressionData,
  type PersonNewsletter,
} from "./person-newsletter.server";
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
