/** The media library's public module (server only). */
export { listMediaForPicker, mediaSizes, storeImage, toMediaItem } from "./media.server";
export { mediaServer } from "./media.resource.server";
