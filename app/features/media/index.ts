/** The media library's public module (browser and server): image choices, limits and addresses, and its admin resource. */
export { IMAGE_URL_CHOICE, imageChoiceOf, imageChoiceValue, MAX_UPLOAD_BODY_BYTES, MEDIA_UPLOAD_URL, mediaSrc } from "./media";
export { mediaResource } from "./media.resource";
