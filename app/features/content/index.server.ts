/** The content feature's public module (server only): its admin resources' server halves. */
export { contentBlocksServer, guidesServer, pagesServer } from "./resources.server";
export { contentFieldKind } from "./editor/content-field.server";
export { MEDIA_SRC } from "./editor/schema";
