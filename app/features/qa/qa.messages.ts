/** The qa feature's messages: the spec's texts, shared by the browser and the server. */

export const QA_ADMIN_MESSAGES = {
  updated: "Question updated successfully",
  updateFailed: "Failed to update question",
  deleted: "Question deleted successfully",
  deleteFailed: "Failed to delete question",
  fetchFailed: "Failed to fetch submissions",
} as const;

export const QA_MESSAGES = {
  titleShort: "Title must be at least 10 characters",
  titleLong: "Title must be less than 200 characters",
  questionShort: "Question must be at least 20 characters",
  questionLong: "Question must be less than 2000 characters",
  category: "Please select a category",
  nameShort: "Name must be at least 2 characters",
  nameLong: "Name must be less than 100 characters",
  emailInvalid: "Invalid email address",
  emailLong: "Email must be less than 255 characters",
  success: "Question submitted successfully! We'll review and answer it soon.",
  failure: "Failed to submit question. Please try again.",
  linkCopied: "Link copied to clipboard!",
} as const;
