CREATE TABLE `meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`booking_id` text NOT NULL,
	`current_booking_id` text NOT NULL,
	`previous_booking_id` text,
	`person_id` text NOT NULL,
	`status` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`invitee_name` text,
	`invitee_email` text NOT NULL,
	`answers` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_booking_unique` ON `meetings` (`provider`,`booking_id`);--> statement-breakpoint
CREATE INDEX `meetings_current_booking_idx` ON `meetings` (`provider`,`current_booking_id`);--> statement-breakpoint
CREATE INDEX `meetings_person_idx` ON `meetings` (`person_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `meetings_start_idx` ON `meetings` (`start_at`);--> statement-breakpoint
CREATE TABLE `scheduler_events` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`run` text NOT NULL,
	`received_at` integer NOT NULL
);
