import { z } from "zod";
import { requiredEmail } from "~/lib/validation";

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
} as const;

export const loginSchema = z.object({
  email: requiredEmail({ required: LOGIN_MESSAGES.emailRequired, invalid: LOGIN_MESSAGES.emailInvalid }),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(1024),
});
