ALTER TABLE `people` ADD `first_channel` text;--> statement-breakpoint
ALTER TABLE `people` ADD `first_referrer_host` text;--> statement-breakpoint
ALTER TABLE `people` ADD `first_utm_source` text;--> statement-breakpoint
ALTER TABLE `people` ADD `first_utm_medium` text;--> statement-breakpoint
ALTER TABLE `people` ADD `first_utm_campaign` text;--> statement-breakpoint
ALTER TABLE `people` ADD `first_landing_page` text;--> statement-breakpoint
CREATE INDEX `people_first_channel_idx` ON `people` (`first_channel`);--> statement-breakpoint
CREATE INDEX `people_first_campaign_idx` ON `people` (`first_utm_campaign`);--> statement-breakpoint
ALTER TABLE `person_submissions` ADD `channel` text;--> statement-breakpoint
ALTER TABLE `person_submissions` ADD `referrer_host` text;--> statement-breakpoint
ALTER TABLE `person_submissions` ADD `utm_source` text;--> statement-breakpoint
ALTER TABLE `person_submissions` ADD `utm_medium` text;--> statement-breakpoint
ALTER TABLE `person_submissions` ADD `utm_campaign` text;--> statement-breakpoint
ALTER TABLE `person_submissions` ADD `landing_page` text;--> statement-breakpoint
ALTER TABLE `person_submissions` ADD `form_page` text;