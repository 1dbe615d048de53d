/** The content blocks the site reads by name, where, and what a page loses without them. */
export const SITE_BLOCKS: Record<string, { usedOn: string; loses: string }> = {
  "home-announcement": {
    usedOn: "/",
    loses: "The home page will no longer show its announcement strip above the hero (the page itself keeps working).",
  },
};
