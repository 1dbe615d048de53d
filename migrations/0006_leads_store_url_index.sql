-- The warm-leads search hides a store shown under several matching keywords: a lead is shown unless a
-- newer lead of the same store (URL compared case-insensitively and trimmed) matches too. Index the
-- store key across keywords, with the time, so that probe is one index seek.
CREATE INDEX IF NOT EXISTS `leads_store_created_idx` ON `leads` (lower(trim(`store_url`)), `created_at`);
