-- Audit entries keep that a search was made, never what was typed (a searched email or name would stay
-- for the log's year, out of reach of erasure). Exports recorded before this change kept the query as
-- typed: the Leads export every parameter of its URL (q among them), the warm-leads export its keyword.
-- Each such entry keeps only the filters' names with values from their fixed lists, and `search: true`
-- where a search was typed. Running it again changes nothing.

-- The Leads export: status, form and due from their lists, owner only as 'none' or an admin's id.
UPDATE audit_log
SET detail = json_patch(
  coalesce(
    (SELECT json_group_object(d.key, d.value) FROM json_each(audit_log.detail) AS d
     WHERE (d.key = 'status' AND d.value IN ('new', 'contacted', 'qualified', 'customer', 'lost'))
        OR (d.key = 'form' AND d.value IN ('onboarding', 'lead-magnet', 'landing', 'checklist', 'premium', 'contact', 'waitlist', 'newsletter', 'question'))
        OR (d.key = 'due' AND d.value IN ('overdue', 'today', 'any'))
        OR (d.key = 'owner' AND (d.value = 'none' OR d.value IN (SELECT id FROM users)))),
    '{}'),
  CASE WHEN trim(coalesce(json_extract(detail, '$.q'), '')) <> '' OR json_extract(detail, '$.search') = 1
       THEN '{"search":true}' ELSE '{}' END)
WHERE action = 'export.leads' AND json_valid(detail);
--> statement-breakpoint

-- The warm-leads export: its keyword was the search.
UPDATE audit_log
SET detail = json_patch(json_remove(detail, '$.keyword'), '{"search":true}')
WHERE action = 'export.warm-leads' AND json_valid(detail) AND json_extract(detail, '$.keyword') IS NOT NULL;
