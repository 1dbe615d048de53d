/** The people feature's messages (the Leads tab and the person page), shared by the browser and the server. */

export const PEOPLE_MESSAGES = {
  statusRequired: "Choose a status",
  lostReasonRequired: "Say briefly why the lead was lost",
  lostReasonTooLong: "Keep the reason under 200 characters",
  ownerInvalid: "Choose an admin or nobody",
  dueInvalid: "Enter a date and time, or leave it empty to clear the due date",
  noteRequired: "Write the note first",
  noteTooLong: "Notes are at most 5,000 characters",
  noteNotYours: "You can only change your own notes",
  noteMissing: "That note no longer exists",
  statusSaved: "Status saved",
  ownerSaved: "Owner saved",
  dueSaved: "Due date saved",
  dueCleared: "Due date cleared",
  noteAdded: "Note added",
  noteSaved: "Note saved",
  noteDeleted: "Note deleted",
  saveFailed: "The change could not be saved. Please try again.",
  notFound: "No such person",
  listFailed: "The leads could not be loaded",
} as const;
