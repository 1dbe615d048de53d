-- Stores of a keyword are compared by their URL, case-insensitively and trimmed (duplicates hidden,
-- imports report those the keyword already had): index that expression per keyword.
CREATE INDEX IF NOT EXISTS `leads_keyword_store_idx` ON `leads` (`keyword_id`, lower(trim(`store_url`)));
