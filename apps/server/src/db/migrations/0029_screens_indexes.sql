-- The screens under row-level security, continued (docs/decisions/017-screens-under-row-level-security.md).
-- The dashboard's feedback owed walks the organisation's interviews from the latest end back and stops
-- at ten the user owes: without this index every ended interview was checked against the panel and
-- sorted (787 of the bench's 2,000 interviews, 2.1 ms; 0.5 ms with it).
CREATE INDEX IF NOT EXISTS "interviews_ended_idx" ON "interviews" ("organisation_id", "ends_at");
