-- Full-text search over published and pending questions (SQLite FTS5 in D1).
-- An external-content index on qa_submissions, kept in step by triggers on
-- insert, delete and updates of the searched columns (not on view counts).
CREATE VIRTUAL TABLE `qa_fts` USING fts5(
	title,
	question,
	answer,
	content='qa_submissions',
	content_rowid='rowid',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `qa_fts` (rowid, title, question, answer) SELECT rowid, title, question, coalesce(answer, '') FROM `qa_submissions`;
--> statement-breakpoint
CREATE TRIGGER `qa_fts_after_insert` AFTER INSERT ON `qa_submissions` BEGIN
	INSERT INTO `qa_fts` (rowid, title, question, answer) VALUES (new.rowid, new.title, new.question, coalesce(new.answer, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `qa_fts_after_delete` AFTER DELETE ON `qa_submissions` BEGIN
	INSERT INTO `qa_fts` (`qa_fts`, rowid, title, question, answer) VALUES ('delete', old.rowid, old.title, old.question, coalesce(old.answer, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `qa_fts_after_update` AFTER UPDATE OF title, question, answer ON `qa_submissions` BEGIN
	INSERT INTO `qa_fts` (`qa_fts`, rowid, title, question, answer) VALUES ('delete', old.rowid, old.title, old.question, coalesce(old.answer, ''));
	INSERT INTO `qa_fts` (rowid, title, question, answer) VALUES (new.rowid, new.title, new.question, coalesce(new.answer, ''));
END;
