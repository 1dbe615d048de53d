ALTER TABLE `team_settings` ADD `session_idle_minutes` integer DEFAULT 720 NOT NULL;--> statement-breakpoint
ALTER TABLE `team_settings` ADD `session_max_minutes` integer DEFAULT 10080 NOT NULL;