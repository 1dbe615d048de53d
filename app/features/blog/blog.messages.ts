/** The blog feature's messages: the spec's texts, shared by the browser and the server. */

export const BLOG_MESSAGES = {
  created: "Blog created successfully",
  updated: "Blog updated successfully",
  deleted: "Blog deleted successfully",
  saveFailed: "Failed to save blog",
  deleteFailed: "Failed to delete blog",
  fetchFailed: "Failed to fetch blogs",
  invalidJson: "Content must be valid JSON",
  invalidUrl: "Please enter a valid URL",
  loadFailed: "Failed to load blogs",
  notFound: "Blog post not found",
  postLoadFailed: "Failed to load blog post",
  empty: "No blog posts found.",
  titleRequired: "Please enter a title",
  titleTooLong: "Title must be less than 200 characters",
  category: "Please choose a category",
  tooManyTags: "Use at most 10 tags",
  tagTooLong: "Each tag must be at most 40 characters",
} as const;
