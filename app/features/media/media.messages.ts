/** Every message of the media library, in one place: the upload form, the JSON upload endpoint and the Media tab. */
import { MAX_ALT_LENGTH, MAX_IMAGE_BYTES, MAX_NAME_LENGTH } from "./media";

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

export const MEDIA_MESSAGES = {
  fileRequired: "Choose an image to upload",
  empty: "This file is empty: choose the image again",
  tooLarge: `This image is larger than ${megabytes(MAX_IMAGE_BYTES)}: make it smaller and upload it again`,
  /** The whole request was over the endpoint's limit (the body was not read). */
  bodyTooLarge: `That is more than an upload may send (${megabytes(MAX_IMAGE_BYTES)} per image)`,
  svgRefused: "SVG images are not accepted: an SVG file can carry script that would run on the site. Export it as PNG or WebP instead",
  notAnImage: "This file is not a JPEG, PNG, WebP, AVIF or GIF image (whatever its name says)",
  noSize: "This image's width and height cannot be read: the file may be damaged. Export it again and upload it",
  altRequired: "Describe the image (alt text) for people who cannot see it",
  altTooLong: `Alt text must be less than ${MAX_ALT_LENGTH} characters`,
  nameTooLong: `Name must be less than ${MAX_NAME_LENGTH} characters`,
  uploaded: "Image uploaded successfully",
  updated: "Image updated successfully",
  deleted: "Image deleted successfully",
  saveFailed: "Failed to save image",
  deleteFailed: "Failed to delete image",
  fetchFailed: "Failed to fetch media",
  uploadFailed: "The image could not be stored: try again in a moment",
} as const;
