/** The person page's "Lift suppression" form: one schema for conform in the browser and the action on the server. */
import { z } from "zod";

export const LIFT_SUPPRESSION_INTENT = "suppression-lift";

export const liftSuppressionSchema = z.object({ intent: z.literal(LIFT_SUPPRESSION_INTENT) });

export const PERSON_NEWSLETTER_MESSAGES = {
  title: "Newsletter",
  neverSubscribed: "Never subscribed to the newsletter.",
  pending: "Signed up; the confirmation link was not opened yet.",
  subscribed: "Subscribed",
  subscribedSince: "Subscribed since",
  unsubscribed: "Unsubscribed",
  unsubscribedOn: "Unsubscribed on",
  unsubscribedAfter: "after",
  received: "Broadcasts received",
  noneReceived: "No broadcast was sent to this address.",
  clicked: "Links clicked",
  noneClicked: "No link clicked.",
  suppressed: "Marketing email to this address is suppressed",
  notSuppressed: "Not suppressed: marketing email can reach this address.",
  lift: "Lift suppression",
  liftHint: "Broadcasts and follow-up emails go to this address again. The audit log records who lifted it.",
  lifted: "Suppression lifted",
  nothingToLift: "This address was not suppressed any more",
  liftFailed: "The suppression could not be lifted. Please try again.",
  bots: "link scanner",
} as const;

export const SUPPRESSION_REASON_LABELS = { "hard-bounce": "Hard bounce", complaint: "Complaint" } as const;
