/** The content feature's public module (browser and server): its admin resources. */
export { contentBlocksResource, guidesResource, pagesResource } from "./resources";
