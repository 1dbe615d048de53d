/** The Privacy page's texts (browser and server alike). */
export const PRIVACY_MESSAGES = {
  emailRequired: "Enter the email address",
  emailInvalid: "Enter a valid email address",
  confirmRequired: "Tick the box to confirm the erasure",
  nothingStored: "Nothing is stored about this address.",
  erased: "Personal data erased",
  eraseFailed: "The data could not be erased. Nothing was changed; please try again.",
  exportFailed: "The export could not be made. Please try again.",
  notFound: "No such person",
} as const;
