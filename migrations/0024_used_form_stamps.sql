CREATE TABLE `used_form_stamps` (
	`hash` text PRIMARY KEY NOT NULL,
	`submission` text NOT NULL,
	`used_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `used_form_stamps_used_at_idx` ON `used_form_stamps` (`used_at`);