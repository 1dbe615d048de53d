/** The blog's categories, messages and constants (spec), shared by the browser and the server. */
export const BLOG_CATEGORIES = [
  { value: "saas-development", label: "SaaS Development" },
  { value: "marketing", label: "Marketing & Growth" },
  { value: "product", label: "Product Strategy" },
  { value: "technical", label: "Technical Implementation" },
  { value: "business", label: "Business & Operations" },
  { value: "other", label: "Other" },
] as const;

export type BlogCategory = (typeof BLOG_CATEGORIES)[number]["value"];
export const categoryLabel = (value: string) => BLOG_CATEGORIES.find((c) => c.value === value)?.label ?? value;

export const BLOG_PAGE_SIZE = 12;
export const CARD_TAGS = 3;
export const RELATED_POSTS = 3;
export const FEED_SIZE = 20;

/** The feed, advertised on the blog's pages. */
export const FEED_LINK = { rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: "Founder Leads blog" };
