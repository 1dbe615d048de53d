CREATE TABLE `broadcast_clicks` (
	`broadcast_id` text NOT NULL,
	`url` text NOT NULL,
	`recipient` text NOT NULL,
	`human_clicks` integer DEFAULT 0 NOT NULL,
	`bot_clicks` integer DEFAULT 0 NOT NULL,
	`first_clicked_at` integer NOT NULL,
	`last_clicked_at` integer NOT NULL,
	PRIMARY KEY(`broadcast_id`, `url`, `recipient`)
);
--> statement-breakpoint
CREATE INDEX `broadcast_clicks_recipient_idx` ON `broadcast_clicks` (`recipient`);