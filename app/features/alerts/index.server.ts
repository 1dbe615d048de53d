/** The alerts feature's public module (server only). */
import { digestEmail } from "./digest.emails";

export { sendDigestIfDue } from "./digest.server";

/** The feature's email templates, for the registry the composition root hands to delivery. */
export const alertsEmails = [digestEmail];
