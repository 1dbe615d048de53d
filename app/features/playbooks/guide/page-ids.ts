/** Ids the final guide's page uses around the guide itself: no heading of the guide may take one. */
export const GUIDE_PAGE_IDS = [
  "main",
  "guide-title",
  "toc-title",
  "booking-side",
  "booking-end",
  "downloads-title",
  "guide-directory",
] as const;
