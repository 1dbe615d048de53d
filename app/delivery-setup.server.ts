/**
 * What delivery (app/email) needs of the features, composed in one place: every feature's email templates, and
 * the check of a list's unsubscribes. Delivery imports no feature; the composition roots hand it this with
 * `configureDelivery`: server.ts for the Worker's queue consumer and cron, app/entry.server.tsx for the Remix app
 * (its forms count the daily cap per address by the templates' `toVisitor`). Each is a bundle of its own.
 */
import type { DeliverySetup } from "~/email/registry.server";
import { alertsEmails } from "~/features/alerts/index.server";
import { authEmails } from "~/features/auth/index.server";
import { broadcastsEmails, broadcastsTasks } from "~/features/broadcasts/index.server";
import { hasUnsubscribed, leadCaptureEmails } from "~/features/lead-capture/index.server";
import { onboardingEmails } from "~/features/onboarding/index.server";
import { qaEmails } from "~/features/qa/index.server";
import { sequenceEmails } from "~/features/sequences/index.server";

export const deliverySetup: DeliverySetup = {
  templates: [
    ...leadCaptureEmails,
    ...onboardingEmails,
    ...qaEmails,
    ...authEmails,
    ...alertsEmails,
    ...sequenceEmails,
    ...broadcastsEmails,
  ],
  hasUnsubscribed,
  tasks: { ...broadcastsTasks },
};
