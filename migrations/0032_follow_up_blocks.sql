CREATE TABLE `sequence_address_blocks` (
	`hash` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `scheduler_events_received_idx` ON `scheduler_events` (`received_at`);