CREATE TABLE `consents` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`list` text NOT NULL,
	`notice_version` text NOT NULL,
	`given_at` integer NOT NULL,
	`withdrawn_at` integer
);
--> statement-breakpoint
CREATE INDEX `consents_email_list_idx` ON `consents` (`email`,`list`);--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `status` text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_expires_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `requested_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `unsubscribed_at` integer;--> statement-breakpoint
CREATE INDEX `newsletter_status_requested_idx` ON `newsletter_subscribers` (`status`,`requested_at`);--> statement-breakpoint
ALTER TABLE `waitlist_entries` ADD `unsubscribed_at` integer;