/** The copy of the notification settings page (alerts where the team works). */
import type { AlertEvent, DestinationKind } from "~/db/shared";

export const NOTIFICATIONS_PATH = "/admin/settings/notifications";

export const EVENT_LABELS: Record<AlertEvent, string> = {
  "person.created": "A new person (first submission from an email)",
  "submission.created": "Every form submission",
  "person.status_changed": "A person's status changes",
  "question.submitted": "A question is submitted to Q&A",
  "meeting.booked": "A call is booked or moved on the scheduler",
};

export const KIND_LABELS: Record<DestinationKind, string> = {
  slack: "Slack",
  webhook: "Signed webhook",
};

export const ALERTS_MESSAGES = {
  title: "Notifications",
  intro:
    "Alert the team where it works: each destination receives the events you choose, through the same delivery pipeline as email (queued, retried with backoff, sent once).",
  destinationsTitle: "Destinations",
  noDestinations: "No destinations yet. Add one below.",
  addTitle: "Add a destination",
  addDescription:
    "Slack: an incoming-webhook URL from your Slack app. Signed webhook: any https URL; each request carries the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256).",
  nameLabel: "Name",
  nameRequired: "Give the destination a name.",
  nameTooLong: "Keep the name under 80 characters.",
  kindLabel: "Kind",
  kindRequired: "Choose Slack or signed webhook.",
  urlLabel: "URL",
  urlHint: "https only. While developing, http to this machine (localhost or 127.0.0.1) is allowed.",
  urlRequired: "Enter the URL to post to.",
  urlInvalid: "Enter a full URL, starting with https://.",
  urlNotHttps: "Use an https:// URL (http is only allowed to localhost or 127.0.0.1 while developing).",
  urlProductionHttps: "In production the URL must start with https://.",
  urlTooLong: "Keep the URL under 2,000 characters.",
  eventsLabel: "Events",
  eventsRequired: "Choose at least one event.",
  add: "Add destination",
  adding: "Adding...",
  save: "Save events",
  turnOn: "Turn on",
  turnOff: "Turn off",
  sendTest: "Send test event",
  delete: "Delete",
  on: "On",
  off: "Off",
  secretTitle: "Copy the signing secret now",
  secretBody:
    "This is the only time the secret is shown. It will not be shown again; if you lose it, delete the destination and add it again.",
  created: "Destination added",
  updated: "Events saved",
  turnedOn: "Destination turned on",
  turnedOff: "Destination turned off",
  deleted: "Destination deleted",
  testQueued: "Test event queued",
  resent: "Delivery queued again",
  notFound: "That destination no longer exists.",
  deliveryNotFound: "That delivery no longer exists.",
  deliveriesTitle: "Recent deliveries",
  deliveriesDescription:
    "The last 30 events sent to your destinations. Each try is listed with the receiver's HTTP code. Resend posts the same delivery again, with the same webhook-id.",
  noDeliveries: "No deliveries yet.",
  resend: "Resend",
  testSummary: "Test event from Founder Leads",
} as const;
