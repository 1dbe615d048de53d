/** The content feature's messages: the spec's texts, shared by the browser and the server. */
import { SLUG_FORMAT_MESSAGE } from "~/lib/validation";

export const CONTENT_MESSAGES = {
  slugRequired: "Please enter a slug",
  slugFormat: SLUG_FORMAT_MESSAGE,
  slugTooLong: "Slug must be less than 80 characters",
  slugTaken: "This slug is already used: choose another",
  slugReserved: "The site already serves this address: choose another slug",
  titleRequired: "Please enter a title",
  titleTooLong: "Title must be less than 200 characters",
  nameRequired: "Please enter a name",
  nameFormat: "Use lowercase letters, digits and single dashes (for example home-announcement)",
  nameTaken: "A content block with this name already exists",
  typeRequired: "Please enter a type",
  tooLong: (what: string, max: number) => `${what} must be less than ${max} characters`,
} as const;
