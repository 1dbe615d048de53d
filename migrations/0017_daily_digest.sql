CREATE TABLE `digest_runs` (
	`local_date` text NOT NULL,
	`time_zone` text NOT NULL,
	`sent_at` integer NOT NULL,
	`outbox_id` text NOT NULL,
	`overdue` integer NOT NULL,
	`due_today` integer NOT NULL,
	PRIMARY KEY(`local_date`, `time_zone`)
);
--> statement-breakpoint
CREATE INDEX `digest_runs_sent_idx` ON `digest_runs` (`sent_at`);--> statement-breakpoint
CREATE TABLE `team_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`digest_hour` integer DEFAULT 8 NOT NULL,
	`digest_enabled` integer DEFAULT true NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_by` text
);
