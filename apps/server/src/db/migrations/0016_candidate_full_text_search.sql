-- Candidate search by words (docs/decisions/012-candidate-search.md), replacing the lower-cased
-- substring copy of 0007. Per candidate, generated from the name and e-mail:
--   search_name   the name unaccented and lower-cased, in the "C" collation: exact and prefix name
--                 matches (a btree range) and the order of search results; trigrams for typos.
--   name_vector   the name's words: "every word of the term begins a word of the name".
--   search_vector the name's words (weight A) and the e-mail's words (weight B; the e-mail is cut at
--                 its punctuation, so "findme" finds zoe.findme@example.test).
-- Applications keep a copy of search_name and search_vector (triggers below, as 0007 did), so a
-- search inside one recruitment is one GIN index scan on (recruitment_id, …).
-- unaccent() is only STABLE (its dictionary could change); indexes and generated columns need an
-- IMMUTABLE function, so this wrapper names the dictionary with its schema. (unaccent is a trusted
-- extension: the database's owner may create it; the managed server creates it beforehand.)
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hireloop_unaccent"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- One word of a search term as a query, unaccented and lower-cased as the columns are: from three
-- characters on, the word or any word it begins ("ann" finds "anna"); a shorter word only as itself
-- (a one- or two-letter prefix matches much of an organisation, and GIN gathers every match of a
-- prefix). The exact word stays beside the prefix so that the planner's statistics see a word most
-- rows have ("gmail"): it then reads rows with a limit instead of gathering every match from the
-- index (its estimate for a prefix alone is a fixed guess). A word the parser cuts in several
-- (say "1/2" out of "½") becomes a phrase.
CREATE OR REPLACE FUNCTION "hireloop_word_query"(text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE WHEN length(w.word) < 3 THEN to_tsquery('simple'::regconfig, w.quoted)
      ELSE to_tsquery('simple'::regconfig, w.quoted) || to_tsquery('simple'::regconfig, w.quoted || ':*') END
    FROM (SELECT x.word, '''' || replace(replace(x.word, '\', '\\'), '''', '''''') || '''' AS quoted
          FROM (SELECT lower(hireloop_unaccent($1)) AS word) x) w
  $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "candidates_search_text_spread" ON "candidates";--> statement-breakpoint
DROP TRIGGER IF EXISTS "applications_search_text_fill" ON "applications";--> statement-breakpoint
DROP FUNCTION IF EXISTS "candidates_search_text_spread"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "applications_search_text_fill"();--> statement-breakpoint
DROP INDEX IF EXISTS "candidates_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "applications_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "candidates_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "candidates_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN IF EXISTS "search_text";--> statement-breakpoint
ALTER TABLE "candidates" DROP COLUMN IF EXISTS "search_text";--> statement-breakpoint
ALTER TABLE "candidates"
  ADD COLUMN "search_name" text COLLATE "C" GENERATED ALWAYS AS (lower(hireloop_unaccent("name"))) STORED,
  ADD COLUMN "name_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, hireloop_unaccent("name"))) STORED,
  ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, hireloop_unaccent("name")), 'A')
    || setweight(to_tsvector('simple'::regconfig, regexp_replace(hireloop_unaccent(coalesce("email", '')), '[[:punct:]]+', ' ', 'g')), 'B')
  ) STORED;--> statement-breakpoint
-- GIN indexes keep new entries in a pending list that every search reads through until it is merged
-- (at the limit, or by autovacuum): a 256 kB limit instead of 4 MB bounds that read, and inserts
-- (an import) still merge in batches.
CREATE INDEX "candidates_search_name_idx" ON "candidates" USING btree ("organisation_id", "search_name", "id");--> statement-breakpoint
CREATE INDEX "candidates_name_vector_idx" ON "candidates" USING gin ("organisation_id", "name_vector") WITH (gin_pending_list_limit = 256);--> statement-breakpoint
CREATE INDEX "candidates_search_vector_idx" ON "candidates" USING gin ("organisation_id", "search_vector") WITH (gin_pending_list_limit = 256);--> statement-breakpoint
CREATE INDEX "candidates_search_name_trgm_idx" ON "candidates" USING gin ("organisation_id", "search_name" gin_trgm_ops) WITH (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER TABLE "applications"
  ADD COLUMN "search_name" text COLLATE "C" NOT NULL DEFAULT '',
  ADD COLUMN "search_vector" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
UPDATE "applications" a SET "search_name" = c."search_name", "search_vector" = c."search_vector"
  FROM "candidates" c WHERE c."id" = a."candidate_id";--> statement-breakpoint
CREATE INDEX "applications_search_vector_idx" ON "applications" USING gin ("recruitment_id", "search_vector") WITH (gin_pending_list_limit = 256);--> statement-breakpoint
CREATE INDEX "applications_search_name_trgm_idx" ON "applications" USING gin ("recruitment_id", "search_name" gin_trgm_ops) WITH (gin_pending_list_limit = 256);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "applications_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."search_name", c."search_vector" INTO NEW."search_name", NEW."search_vector"
    FROM "candidates" c WHERE c."id" = NEW."candidate_id";
  NEW."search_name" := coalesce(NEW."search_name", '');
  NEW."search_vector" := coalesce(NEW."search_vector", ''::tsvector);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "applications_search_fill" BEFORE INSERT OR UPDATE OF "candidate_id" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_search_fill"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "candidates_search_spread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "applications" SET "search_name" = NEW."search_name", "search_vector" = NEW."search_vector"
    WHERE "candidate_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_search_spread" AFTER UPDATE OF "name", "email" ON "candidates"
  FOR EACH ROW WHEN ((OLD."search_name", OLD."search_vector") IS DISTINCT FROM (NEW."search_name", NEW."search_vector")) EXECUTE FUNCTION "candidates_search_spread"();
