/** The sign-in and accounts feature's public module (server only): the guard, and what the cron and the root use. */
import { invitationEmail, passwordResetEmail, twoFactorLockEmail } from "./account.emails";

export { optionalAdmin, requireAdminActor, type AdminActor, type SessionAdmin } from "./guard.server";
export { keptFormFor } from "./kept-form.server";
export { pruneSessions } from "./sessions.server";

/** The feature's email templates, for the registry the composition root hands to delivery. */
export const authEmails = [passwordResetEmail, invitationEmail, twoFactorLockEmail];
