-- Revisions (issue 22, ADR 0009): who saved each content record (updated_by, null on older rows), and the
-- earlier versions of pages, guides, content blocks and blogs, each written by the save that replaced it.
CREATE TABLE `revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`resource` text NOT NULL,
	`record_id` text NOT NULL,
	`data` text NOT NULL,
	`saved_by` text,
	`saved_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revisions_record_idx` ON `revisions` (`resource`,`record_id`,"saved_at" desc);--> statement-breakpoint
ALTER TABLE `blogs` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `content_blocks` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `guides` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `updated_by` text;