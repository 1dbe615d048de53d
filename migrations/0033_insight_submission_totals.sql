-- Submissions per closed UTC day (ADR 0023), made by the cron from person_submissions; WITHOUT ROWID hand-written (drizzle
-- cannot say it), as insight_rollups. Nothing is copied here: the cron rolls the days already stored on its first runs,
-- and until then Insights reads the submissions themselves.
CREATE TABLE `insight_submission_totals` (
	`scope` text NOT NULL,
	`day` text NOT NULL,
	`form` text NOT NULL,
	`path` text NOT NULL,
	`channel` text NOT NULL,
	`source` text NOT NULL,
	`campaign` text NOT NULL,
	`submissions` integer NOT NULL,
	PRIMARY KEY(`scope`, `day`, `form`, `path`, `channel`, `source`, `campaign`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `insight_submission_totals_page_idx` ON `insight_submission_totals` (`path`,`day`,`submissions`) WHERE scope = 'page';