/** The lists a visitor can join and leave (the unsubscribe link names one). */
export const EMAIL_LISTS = ["newsletter", "waitlist", "follow-up"] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];

/** Where the signed unsubscribe links point (app/lib/list-unsubscribe.server.ts). */
export const UNSUBSCRIBE_PATH = "/unsubscribe";
