-- Candidate search, fast at 100,000 candidates: one lower-cased search text per person (name and
-- e-mail), copied onto each of their applications, so that a search inside one recruitment is a
-- single GIN index scan on (recruitment_id, search_text) and an organisation-wide search one on
-- (organisation_id, search_text) (btree_gin lets a uuid column share a GIN index with trigrams).
-- Queries match with `search_text LIKE lower('%term%')`. Not in the Drizzle schema files: triggers
-- keep the copies right whatever code writes candidates or applications (import, merge, erasure).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("name" || ' ' || coalesce("email", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "candidates_search_idx" ON "candidates" USING gin ("organisation_id", "search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN IF NOT EXISTS "search_text" text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE "applications" a SET "search_text" = c."search_text" FROM "candidates" c WHERE c."id" = a."candidate_id";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_search_idx" ON "applications" USING gin ("recruitment_id", "search_text" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "applications_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."search_text" INTO NEW."search_text" FROM "candidates" c WHERE c."id" = NEW."candidate_id";
  NEW."search_text" := coalesce(NEW."search_text", '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "applications_search_text_fill" BEFORE INSERT OR UPDATE OF "candidate_id" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_search_text_fill"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "candidates_search_text_spread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "applications" SET "search_text" = NEW."search_text" WHERE "candidate_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_search_text_spread" AFTER UPDATE OF "name", "email" ON "candidates"
  FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text") EXECUTE FUNCTION "candidates_search_text_spread"();
