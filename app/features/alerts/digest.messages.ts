/** The daily digest's copy: its settings page, the form's messages and the toast. */
export const DIGEST_SETTINGS_PATH = "/admin/settings/digest";

export const DIGEST_MESSAGES = {
  title: "Daily digest",
  formTitle: "Digest settings",
  intro:
    "One email a day to the team address with the people who are overdue or due today, at the hour you choose in the team's time zone.",
  timeZoneLabel: "Team time zone",
  timeZoneHint:
    "An IANA time zone name, such as Europe/London, America/Los_Angeles or Pacific/Auckland. It also sets what 'Due today' means on the dashboard.",
  timeZoneRequired: "Enter the team's time zone.",
  timeZoneInvalid: "Enter a time zone name such as Europe/London or America/New_York.",
  hourLabel: "Send at",
  hourHint: "The digest goes out at the first check (every 5 minutes) from this hour, once a day.",
  hourRequired: "Choose the hour to send the digest.",
  hourInvalid: "Choose an hour from 00:00 to 23:00.",
  enabledLabel: "Send the daily digest",
  save: "Save digest settings",
  saving: "Saving...",
  saved: "Digest settings saved.",
  saveFailed: "The settings could not be saved just now. Please try again.",
  statusTitle: "Where it goes",
  recipient: (to: string) => `The digest goes to ${to} (the team address, NOTIFY_TO).`,
  lastSent: (date: string, zone: string) => `The last digest was sent for ${date} (${zone}).`,
  neverSent: "No digest has been sent yet.",
} as const;

/** `8` → `08:00`. */
export const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;
export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
