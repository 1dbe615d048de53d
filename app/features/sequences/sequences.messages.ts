/** The follow-up sequences' pages: their paths, labels and every message they show (browser and server). */
import type { SequenceTrigger } from "~/db/schema";

export const SEQUENCES_PATH = "/admin/sequences";
export const sequencePath = (id: string) => `${SEQUENCES_PATH}/${encodeURIComponent(id)}`;

export const TRIGGER_LABELS: Record<SequenceTrigger, string> = {
  onboarding: "Onboarding finished",
  "lead-magnet": "Lead magnet or checklist taken",
  premium: "Premium request",
  "call-cancelled": "A cancelled call",
};
export const TRIGGERS = Object.keys(TRIGGER_LABELS) as [SequenceTrigger, ...SequenceTrigger[]];

/** The exit rules: fixed in the engine (marketingBlocks), checked before every step is sent. */
export const EXIT_RULES = [
  "The person booked a call (a cancelled call does not count).",
  "Their status moved to Contacted or later, or to Lost.",
  "They unsubscribed from the follow-up emails (every step email carries a one-click unsubscribe link).",
  "Their data was erased.",
  "An admin stopped the sequence for them on their page.",
  "One follow-up email per address per 24 hours: a step over it waits for a later run.",
] as const;

export const MAX_STEPS = 10;

/** A step's state as the person page shows it. */
export const STEP_STATE_LABELS = { sent: "Sent", skipped: "Skipped", due: "Due", waiting: "Waiting", "not sent": "Not sent" } as const;
export const ENROLMENT_STATE_LABELS = { active: "Running", done: "Finished", exited: "Ended", stopped: "Stopped" } as const;

export const STOPPED_BY_ADMIN = "stopped by an admin";

export const SEQUENCES_MESSAGES = {
  title: "Follow-up emails",
  listIntro:
    "Sequences of emails sent after a form, each step a set delay after the previous one. They stop by themselves when the person books a call, is handled, unsubscribes or is erased.",
  empty: "No sequences yet.",
  on: "On",
  off: "Off",
  turnOn: "Switch on",
  turnOff: "Switch off",
  turnedOn: "Sequence switched on",
  turnedOff: "Sequence switched off",
  notFound: "This sequence no longer exists.",
  saved: "Sequence saved",
  saveFailed: "The sequence could not be saved. Try again.",
  stale: "Someone else saved this sequence since you opened it. Reload the page to see their version, then make your change again.",
  nameRequired: "Give the sequence a name.",
  nameTooLong: "Keep the name under 100 characters.",
  triggerRequired: "Choose what starts the sequence.",
  stepsRequired: "Add at least one step.",
  tooManySteps: `At most ${MAX_STEPS} steps.`,
  editTitle: "Trigger and steps",
  editIntro:
    "Each step is an email in the content markup: **bold** and [label](https://…). Merge fields: {first_name}, {app}, {booking_link}, {unsubscribe_link}. The first step is sent its delay after the person is enrolled.",
  addStep: "+ Add step",
  removeStep: "Remove",
  moveUp: "Move up",
  moveDown: "Move down",
  save: "Save sequence",
  exitTitle: "Exit rules",
  exitIntro: "Fixed for every sequence, checked before each step is sent. Each skip is recorded with its reason.",
  countsTitle: "Results",
  previewTitle: "Preview and test",
  previewIntro:
    "See a step as a real person would get it, and send a test of it to yourself through the email outbox (the merge fields are filled for the person you pick, or for you).",
  previewPerson: "Person's email",
  previewPersonHint: "Anyone on the leads list; the people enrolled are suggested.",
  previewStep: "Step",
  preview: "Preview",
  sendTest: "Send me a test",
  testQueued: "Test email queued to you",
  personNotFound: "No person has this email.",
  emailInvalid: "Enter an email address like name@example.com.",
  stepNotFound: "This sequence has no such step.",
  // The person page's block.
  personTitle: "Follow-up emails",
  personNone: "Not in any follow-up sequence.",
  stop: "Stop",
  restart: "Restart",
  stopped: "Follow-up emails stopped",
  restarted: "Follow-up emails restarted",
  enrolmentNotFound: "This follow-up is not there any more.",
  notRunning: "This follow-up is not running.",
  notStopped: "This follow-up is running or finished: there is nothing to restart.",
} as const;
