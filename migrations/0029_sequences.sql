CREATE TABLE `sequence_enrolments` (
	`id` text PRIMARY KEY NOT NULL,
	`sequence_id` text NOT NULL,
	`person_id` text NOT NULL,
	`next_step` integer DEFAULT 0 NOT NULL,
	`due_at` integer NOT NULL,
	`state` text DEFAULT 'active' NOT NULL,
	`stopped_reason` text,
	`enrolled_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sequence_enrolments_unique` ON `sequence_enrolments` (`sequence_id`,`person_id`);--> statement-breakpoint
CREATE INDEX `sequence_enrolments_due_idx` ON `sequence_enrolments` (`state`,`due_at`);--> statement-breakpoint
CREATE INDEX `sequence_enrolments_person_idx` ON `sequence_enrolments` (`person_id`);--> statement-breakpoint
CREATE TABLE `sequence_step_records` (
	`enrolment_id` text NOT NULL,
	`step` integer NOT NULL,
	`outcome` text NOT NULL,
	`reason` text,
	`outbox_id` text,
	`at` integer NOT NULL,
	PRIMARY KEY(`enrolment_id`, `step`)
);
--> statement-breakpoint
CREATE TABLE `sequence_unsubscribes` (
	`email` text PRIMARY KEY NOT NULL,
	`unsubscribed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sequences` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`trigger` text NOT NULL,
	`steps` text NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `sequences` (`id`, `name`, `trigger`, `steps`, `enabled`, `created_at`, `updated_at`) VALUES ('onboarding-no-booking', 'After onboarding, no call booked', 'onboarding', '[{"subject":"Your free strategy call is waiting","body":"Hi {first_name},\n\nThanks for telling us about **{app}**. Your sample leads are on their way. The fastest way to get more is a free 30-minute strategy call: [pick a time]({booking_link}).\n\nNot interested? [Unsubscribe]({unsubscribe_link}).","delayHours":24},{"subject":"Still want to talk about {app}?","body":"Hi {first_name},\n\nA quick nudge: the free strategy call is still open. [Book your 30 minutes]({booking_link}) and we will walk through where your next merchants come from.\n\n[Unsubscribe]({unsubscribe_link})","delayHours":72}]', 0, 1795800000000, 1795800000000);
--> statement-breakpoint
INSERT INTO `sequences` (`id`, `name`, `trigger`, `steps`, `enabled`, `created_at`, `updated_at`) VALUES ('lead-magnet-follow-up', 'After the lead magnet', 'lead-magnet', '[{"subject":"The best parts of the guide","body":"Hi {first_name},\n\nThe three ideas founders use most from the guide: **list where merchants already look**, **answer reviews in public**, and **ask every happy merchant for one referral**.\n\n[Unsubscribe]({unsubscribe_link})","delayHours":48},{"subject":"Want help putting it to work?","body":"Hi {first_name},\n\nIf you would like a second pair of eyes on your growth plan, [book a free 30-minute call]({booking_link}).\n\n[Unsubscribe]({unsubscribe_link})","delayHours":72}]', 0, 1795800000000, 1795800000000);
