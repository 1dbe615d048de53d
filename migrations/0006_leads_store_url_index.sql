-- The warm-leads search spans keywords. A store shown under several matching keywords is shown once (its
-- newest lead): index the store key (URL lower-cased and trimmed) with the keyword and time, so "is there a
-- newer matching lead of this store" is one seek and the count of matching stores reads the index in key
-- order (no temporary B-tree). Results come newest first: walk (created_at, keyword_id) backwards and stop
-- after a page, instead of sorting every matching lead.
CREATE INDEX IF NOT EXISTS `leads_store_keyword_idx` ON `leads` (lower(trim(`store_url`)), `keyword_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `leads_created_keyword_idx` ON `leads` (`created_at`, `keyword_id`);
