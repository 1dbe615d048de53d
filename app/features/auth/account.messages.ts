/** Messages of the account, two-factor, password and team pages: shared by the browser and the server. */

export const PASSWORD_MIN_LENGTH = 12;

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "Your current password is not right",
  passwordRequired: "Choose a password",
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: "Use at most 1024 characters",
  passwordCommon: "That password is too common or too easy to guess. Try a longer phrase of unrelated words.",
  confirmRequired: "Type the password again",
  confirmMismatch: "The two passwords are not the same",
  passwordChanged: "Your password has been changed. Every other session has ended.",
  sessionEnded: "That session has ended.",
  otherSessionsEnded: "Every other session has ended.",
  codeRequired: "Enter the 6-digit code from your app",
  codeInvalid: "That code is not valid",
  twoFactorOn: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  twoFactorOff: "Two-factor sign-in is off. Every other session has ended.",
  twoFactorNoSetup: "Start the set-up again: scan the new QR code.",
} as const;

export const RESET_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  sent: "If that address belongs to an admin, we have sent a link.",
  throttled: "Too many requests from your network. Please wait an hour and try again.",
  linkInvalid: "This link is not valid any more",
  linkInvalidText: "It has expired, has been used or was withdrawn. Nothing was changed.",
  done: "Your password has been changed. Please sign in.",
} as const;

export const TEAM_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  alreadyAdmin: "That address already belongs to an admin",
  invited: "Invitation sent.",
  revoked: "Invitation withdrawn.",
  removed: "The admin has been removed and their sessions have ended.",
  lastAdmin: "The last admin cannot be removed.",
  notYourself: "You cannot remove yourself. Ask another admin.",
  notFound: "That admin no longer exists.",
  accepted: "Welcome! Your account is ready. Please sign in.",
} as const;
