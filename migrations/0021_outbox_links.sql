-- Single-use links in the outbox (ADR 0017): from now on a link is sealed in its row and leaves it at the
-- first try. A row written before, and no longer waiting (sent, failed, capped), may still hold its link in
-- clear (failed and capped rows kept it): the link goes. A Resend of such a row makes a new link (the
-- template's relink), so nothing is lost. Rows still queued keep theirs: their send removes it.
UPDATE `email_outbox` SET `payload` = json_remove(`payload`, '$.link')
 WHERE `kind` IN ('admin-password-reset', 'admin-invitation') AND `status` <> 'queued' AND json_extract(`payload`, '$.link') IS NOT NULL;
--> statement-breakpoint
UPDATE `email_outbox` SET `payload` = json_remove(`payload`, '$.confirmUrl')
 WHERE `kind` = 'newsletter-confirm' AND `status` <> 'queued' AND json_extract(`payload`, '$.confirmUrl') IS NOT NULL;
