/** The broadcasts admin's copy: page texts, field messages and toasts, the same in the browser and the action. */
export const BROADCASTS_PATH = "/admin/broadcasts";
export const broadcastPath = (id: string) => `${BROADCASTS_PATH}/${encodeURIComponent(id)}`;
export const broadcastEmailPath = (id: string) => `${broadcastPath(id)}/email`;

export const BROADCAST_MESSAGES = {
  title: "Broadcasts",
  description: "Emails to confirmed newsletter subscribers: made from a blog post or written here, sent through the outbox.",
  newBroadcast: "New broadcast",
  newTitle: "New broadcast",
  empty: "No broadcasts yet",
  emptyFiltered: (status: string) => `No ${status.toLowerCase()} broadcasts`,
  notFound: "Broadcast not found",

  subjectRequired: "Enter a subject",
  subjectTooLong: "Subject must be at most 150 characters",
  preheaderTooLong: "Preheader must be at most 150 characters",
  sourceRequired: "Choose where the body comes from",
  postRequired: "Choose a published post",
  postUnknown: "That post is not published any more: choose another",
  titleTooLong: "Heading must be at most 200 characters",
  introTooLong: "Introduction must be at most 500 characters",
  bodyRequired: "Write the body: add at least one section",
  campaignTooLong: "Campaign must be at most 100 characters",
  segmentInvalid: "Choose one of the listed values",
  dateRequired: "Choose a date (YYYY-MM-DD)",
  timeRequired: "Choose a time (HH:MM)",

  created: "Draft saved",
  saved: "Draft saved",
  counted: (n: number) => `${n} ${n === 1 ? "subscriber" : "subscribers"} would receive it now`,
  testSent: (email: string) => `Test email sent to ${email}`,
  started: (n: number) => `Sending to ${n} ${n === 1 ? "subscriber" : "subscribers"}`,
  scheduled: (when: string) => `Scheduled for ${when}`,
  cancelled: "Scheduled send cancelled: nothing was sent",
  paused: "Sending paused",
  resumed: "Sending resumed",

  notADraft: "This broadcast is already sending or sent: it cannot be sent again.",
  notEditable: "This broadcast is no longer a draft: its content and audience cannot change.",
  emptyAudience: "Nobody is in this audience: no confirmed subscriber matches the segment, so nothing was sent.",
  postUnavailable: "The post this broadcast is made from is not published any more: choose another post.",
  noPostalAddress: "Set POSTAL_ADDRESS (the sender's postal address for the footer) before sending: nothing was sent.",
  inThePast: "Choose a time in the future",
  notScheduled: "This broadcast is not scheduled any more: nothing to cancel.",
  notSending: "This broadcast is not sending: nothing to pause.",
  notPaused: "This broadcast is not paused: nothing to resume.",
  failed: "That did not work: the database did not answer. Nothing was changed; try again.",
} as const;

export const STATUS_LABELS = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  cancelled: "Cancelled",
} as const;
