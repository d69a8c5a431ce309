-- The tenant role hireloop_app (organisation-scoped requests, docs/decisions/011-row-level-security.md)
-- could read and write tables that belong to no organisation without any row-level security: every
-- organisation's queued mail (outbox) and delivered development mail (dev_mailbox), every session's
-- token hash and every local identity. Now:
-- - outbox and dev_mailbox rows carry their organisation (null: about no organisation, e.g. an
--   account), set from the organisation transaction, else from the candidate they are about, when an
--   insert does not name it; row-level security shows and accepts hireloop_app only its
--   organisation's rows, as for every other organisation-owned table. The owner (the outbox worker,
--   jobs) passes the `system` policy as before.
-- - hireloop_app may not touch sessions or local identities at all, and may only read users (the
--   names and e-mail addresses of members and actors) besides clearing the organisation a removed
--   member was in; sign-in, profiles and sessions run outside organisation transactions.
ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN IF NOT EXISTS "organisation_id" uuid;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_organisation_idx" ON "outbox" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dev_mailbox_organisation_idx" ON "dev_mailbox" USING btree ("organisation_id");--> statement-breakpoint
UPDATE "outbox" o SET "organisation_id" = c."organisation_id" FROM "candidates" c WHERE c."id" = o."candidate_id" AND o."organisation_id" IS NULL;--> statement-breakpoint
UPDATE "dev_mailbox" d SET "organisation_id" = c."organisation_id" FROM "candidates" c WHERE c."id" = d."candidate_id" AND d."organisation_id" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hireloop_stamp_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := coalesce(
      current_organisation_id(),
      (SELECT c.organisation_id FROM candidates c WHERE c.id = NEW.candidate_id)
    );
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_organisation ON "outbox";--> statement-breakpoint
CREATE TRIGGER outbox_organisation BEFORE INSERT ON "outbox" FOR EACH ROW EXECUTE FUNCTION hireloop_stamp_organisation();--> statement-breakpoint
DROP TRIGGER IF EXISTS dev_mailbox_organisation ON "dev_mailbox";--> statement-breakpoint
CREATE TRIGGER dev_mailbox_organisation BEFORE INSERT ON "dev_mailbox" FOR EACH ROW EXECUTE FUNCTION hireloop_stamp_organisation();--> statement-breakpoint
DO $$
DECLARE
  t text;
  owner text;
BEGIN
  FOREACH t IN ARRAY ARRAY['outbox', 'dev_mailbox'] LOOP
    SELECT pg_get_userbyid(c.relowner) INTO owner FROM pg_class c WHERE c.oid = t::regclass;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant ON %I', t);
    EXECUTE format(
      'CREATE POLICY tenant ON %I AS PERMISSIVE FOR ALL TO hireloop_app '
      'USING (organisation_id = (SELECT current_organisation_id())) '
      'WITH CHECK (organisation_id = (SELECT current_organisation_id()))', t);
    EXECUTE format('DROP POLICY IF EXISTS system ON %I', t);
    EXECUTE format('CREATE POLICY system ON %I AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', t, owner);
  END LOOP;
END
$$;--> statement-breakpoint
REVOKE ALL ON TABLE "sessions", "local_identities" FROM hireloop_app;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON TABLE "users" FROM hireloop_app;--> statement-breakpoint
-- Removing a member (or their leaving) clears the organisation they were in from their profile.
GRANT UPDATE ("current_organisation_id", "updated_at") ON TABLE "users" TO hireloop_app;
