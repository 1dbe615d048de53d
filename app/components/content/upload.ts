/** The intent of an image section's Upload button: without JavaScript the server stores the file and chooses it. */
export const UPLOAD_INTENT_PREFIX = "image:upload:";
