-- The Leads list's search (issue 24, ADR 0013): a trigram index over the people's email, name, company and app,
-- so a search of 3 characters or more finds its candidates in the index instead of scanning every person twice
-- (the page and its count). An external-content FTS5 table on `people` (no second copy of the text), kept in
-- step by triggers, so every writer of people (the forms' upsert in storeAndNotify, the admin's changes, the
-- privacy erasure, seeds) updates it in its own statement, hence in its own batch. Hand-written: drizzle-kit
-- does not write virtual tables or triggers.
CREATE VIRTUAL TABLE `people_search` USING fts5(
	email,
	name,
	company,
	app,
	content='people',
	content_rowid='rowid',
	tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `people_search` (rowid, email, name, company, app) SELECT rowid, email, coalesce(name, ''), coalesce(company, ''), coalesce(app, '') FROM `people`;
--> statement-breakpoint
CREATE TRIGGER `people_search_after_insert` AFTER INSERT ON `people` BEGIN
	INSERT INTO `people_search` (rowid, email, name, company, app) VALUES (new.rowid, new.email, coalesce(new.name, ''), coalesce(new.company, ''), coalesce(new.app, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `people_search_after_delete` AFTER DELETE ON `people` BEGIN
	INSERT INTO `people_search` (`people_search`, rowid, email, name, company, app) VALUES ('delete', old.rowid, old.email, coalesce(old.name, ''), coalesce(old.company, ''), coalesce(old.app, ''));
END;
--> statement-breakpoint
-- Only when a searched value changes: the forms' upsert names these columns on every submission of a known person.
CREATE TRIGGER `people_search_after_update` AFTER UPDATE OF email, name, company, app ON `people`
WHEN old.email IS NOT new.email OR old.name IS NOT new.name OR old.company IS NOT new.company OR old.app IS NOT new.app BEGIN
	INSERT INTO `people_search` (`people_search`, rowid, email, name, company, app) VALUES ('delete', old.rowid, old.email, coalesce(old.name, ''), coalesce(old.company, ''), coalesce(old.app, ''));
	INSERT INTO `people_search` (rowid, email, name, company, app) VALUES (new.rowid, new.email, coalesce(new.name, ''), coalesce(new.company, ''), coalesce(new.app, ''));
END;
