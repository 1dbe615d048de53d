DROP INDEX `person_submissions_form_person_idx`;--> statement-breakpoint
CREATE INDEX `person_submissions_form_person_created_idx` ON `person_submissions` (`form`,`person_id`,`created_at`);