/** The admin feature's messages: the spec's texts, shared by the browser and the server. */
import { formatDateTime } from "~/lib/format";

export const LOGIN_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  failed: "Login failed",
  notAdmin: "Access denied. Admin privileges required.",
  throttled: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  success: "Logged in successfully!",
  accessDenied: "Access denied",
  loggedOut: "You have been logged out.",
  codeRequired: "Enter the code from your app or a recovery code",
  codeInvalid: "That code is not valid",
  pendingExpired: "Your sign-in has expired. Please sign in again.",
  twoFactorRequired: "Two-factor sign-in is required for every admin. Please turn it on first.",
  sessionExpired: "Your session has ended: it sat unused too long or reached its lifetime. Please sign in again.",
  sessionExpiredKept: "Your session had ended, so that was not saved yet. Sign in again and what you typed will be back in the form.",
  keptRestored: "Signed in. What you typed is back in the form: check it and save.",
} as const;

/** Wrong codes have locked the account's second step (sign-in) and code checks until `until` (ms). */
export const codeLockedMessage = (until: number) =>
  `Too many wrong codes for this account. Two-factor sign-in is paused until ${formatDateTime(until)}, from every network, and the account's owner has been emailed.`;
