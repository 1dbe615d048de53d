/** The lead-finder feature's messages: the spec's texts, shared by the browser and the server. */

/** The Lead Finder's messages (spec) and limits, shared by the browser and the server. */
export const LEAD_MESSAGES = {
  keywordAdded: "Keyword added successfully",
  keywordAddFailed: "Failed to add keyword",
  keywordDeleted: "Keyword deleted successfully",
  keywordDeleteFailed: "Failed to delete keyword",
  keywordsLoadFailed: "Failed to load keywords",
  keywordRequired: "Please enter a keyword",
  keywordTooLong: "Keyword must be less than 100 characters",
  keywordExists: "This keyword already exists",
  fetchFailed: "Failed to fetch stores",
  uploadFailed: "Failed to upload stores",
  readFailed: "Failed to read file",
  missingInput: "Please select a keyword and CSV file",
  uploaded: (n: number) => `Uploaded ${n} stores successfully`,
  storeDeleted: "Store deleted successfully",
  storeDeleteFailed: "Failed to delete store",
  selectedDeleted: (n: number) => `Deleted ${n} stores successfully`,
  selectedDeleteFailed: "Failed to delete selected stores",
  allDeleted: "All stores deleted successfully",
  allDeleteFailed: "Failed to delete all stores",
  found: (n: number, keyword: string) => `Found ${n} unique stores for ${keyword}`,
  tooLarge: "The file is larger than 5 MB. Split it into smaller files and upload each.",
  tooManyRows: "The file has more than 50,000 rows. Split it into smaller files and upload each.",
  noHeader:
    "The file has no usable header row: it needs a store name column (such as store_name) and a store URL column (such as store_url).",
} as const;
