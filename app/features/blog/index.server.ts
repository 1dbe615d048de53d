/** The blog's public module (server only): its admin resource's server half. */
export { blogsServer } from "./blog.resource.server";
export { postForNewsletter, postsForNewsletter } from "./blog.server";
