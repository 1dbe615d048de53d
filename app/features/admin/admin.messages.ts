/** The admin feature's messages: the spec's texts, shared by the browser and the server. */

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
} as const;
