/** The blog's public module (browser and server): its admin resource. */
export { blogsResource } from "./blog.resource";
