-- Uniqueness the database enforces, in the comparison the code uses: a keyword is unique ignoring case and
-- surrounding spaces, and so is an email of the waitlist and of the newsletter (the code stores them
-- lower-cased and trimmed, the index now holds that whatever a writer stores). Before each index, rows
-- already stored that it would refuse are merged: the first of each group (oldest created_at, then id) is kept.
-- A merged keyword's leads move to the kept keyword before the duplicate is deleted, so no lead is lost.
-- To see what would be merged, run before migrating:
--   SELECT lower(trim(keyword)) AS k, group_concat(keyword, ' | '), count(*) FROM keywords GROUP BY k HAVING count(*) > 1
-- (and the same on waitlist_entries.email and newsletter_subscribers.email).
-- No semicolons inside statements or comments: wrangler splits the file on them.
WITH `merged` AS MATERIALIZED (
	SELECT `id` AS `duplicate`, first_value(`id`) OVER (PARTITION BY lower(trim(`keyword`)) ORDER BY `created_at`, `id`) AS `kept`
	FROM `keywords`
)
UPDATE `leads` SET `keyword_id` = (SELECT `kept` FROM `merged` WHERE `duplicate` = `leads`.`keyword_id`)
WHERE `keyword_id` IN (SELECT `duplicate` FROM `merged` WHERE `duplicate` <> `kept`);
--> statement-breakpoint
DELETE FROM `keywords` WHERE `id` IN (
	SELECT `id` FROM (SELECT `id`, row_number() OVER (PARTITION BY lower(trim(`keyword`)) ORDER BY `created_at`, `id`) AS `n` FROM `keywords`)
	WHERE `n` > 1
);
--> statement-breakpoint
DROP INDEX `keywords_keyword_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `keywords_keyword_key_unique` ON `keywords` (lower(trim("keyword")));
--> statement-breakpoint
DELETE FROM `waitlist_entries` WHERE `id` IN (
	SELECT `id` FROM (SELECT `id`, row_number() OVER (PARTITION BY lower(trim(`email`)) ORDER BY `created_at`, `id`) AS `n` FROM `waitlist_entries`)
	WHERE `n` > 1
);
--> statement-breakpoint
DROP INDEX `waitlist_email_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_email_key_unique` ON `waitlist_entries` (lower(trim("email")));
--> statement-breakpoint
DELETE FROM `newsletter_subscribers` WHERE `id` IN (
	SELECT `id` FROM (SELECT `id`, row_number() OVER (PARTITION BY lower(trim(`email`)) ORDER BY `created_at`, `id`) AS `n` FROM `newsletter_subscribers`)
	WHERE `n` > 1
);
--> statement-breakpoint
DROP INDEX `newsletter_email_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_email_key_unique` ON `newsletter_subscribers` (lower(trim("email")));
