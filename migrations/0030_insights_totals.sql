DROP INDEX `person_submissions_created_idx`;--> statement-breakpoint
CREATE INDEX `person_submissions_insights_idx` ON `person_submissions` (`created_at`,`form`,`channel`,`utm_source`,`referrer_host`,`utm_campaign`,`form_page`);--> statement-breakpoint
CREATE INDEX `people_insights_idx` ON `people` (`created_at`,`first_channel`,`first_utm_campaign`,`status`);--> statement-breakpoint
-- The day's totals of the rollups (ADR 0023), hand-written: the site, each page, each source and each campaign per
-- day, summed from the fine rows already stored. From now on the views queue's consumer writes them with the fine rows.
INSERT INTO `insight_rollups` (`scope`, `day`, `path`, `channel`, `source`, `campaign`, `country`, `device`, `views`, `visitors`)
SELECT 'day:site', `day`, '', '', '', '', '', '', sum(`views`), sum(`visitors`) FROM `insight_rollups` WHERE `scope` = 'site' GROUP BY `day`
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO `insight_rollups` (`scope`, `day`, `path`, `channel`, `source`, `campaign`, `country`, `device`, `views`, `visitors`)
SELECT 'day:page', `day`, `path`, '', '', '', '', '', sum(`views`), sum(`visitors`) FROM `insight_rollups` WHERE `scope` = 'page' GROUP BY `day`, `path`
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO `insight_rollups` (`scope`, `day`, `path`, `channel`, `source`, `campaign`, `country`, `device`, `views`, `visitors`)
SELECT 'day:source', `day`, '', `channel`, `source`, '', '', '', sum(`views`), sum(`visitors`) FROM `insight_rollups` WHERE `scope` = 'site'
GROUP BY `day`, `channel`, `source`
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO `insight_rollups` (`scope`, `day`, `path`, `channel`, `source`, `campaign`, `country`, `device`, `views`, `visitors`)
SELECT 'day:campaign', `day`, '', '', '', `campaign`, '', '', sum(`views`), sum(`visitors`) FROM `insight_rollups`
WHERE `scope` = 'site' AND `campaign` <> '' GROUP BY `day`, `campaign`
ON CONFLICT DO NOTHING;
