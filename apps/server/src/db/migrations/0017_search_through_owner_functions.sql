-- Candidate search under row-level security (docs/decisions/011-row-level-security.md,
-- docs/decisions/012-candidate-search.md). For hireloop_app, PostgreSQL evaluates a query's
-- conditions after the policy's unless their operator is leakproof, and the search's operators are
-- not (`@@`, LIKE, `<%`): their GIN and btree indexes go unused and a search reads the whole
-- organisation. These functions run the search with the owner's rights (SECURITY DEFINER, where the
-- owner's `system` policy applies and the indexes serve) and enforce the organisation themselves:
-- called as hireloop_app they answer only for the transaction's organisation, and nothing for any
-- other or when none is set (fail closed). Each is one dynamic statement, planned with its values
-- (a name prefix is an index range only for a known pattern).
CREATE OR REPLACE FUNCTION "hireloop_may_read"(p_organisation uuid) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT current_setting('role') <> 'hireloop_app' OR coalesce(p_organisation = current_organisation_id(), false) $$;--> statement-breakpoint

-- The search's tiers (features/candidates/repository.ts): 0 the exact e-mail, 1 names that begin
-- with the term (in name order), 2 names with a word beginning with each word, 3 matches through
-- the e-mail; each at most p_cap rows.
CREATE OR REPLACE FUNCTION "candidate_search_matches"(p_organisation uuid, p_query tsquery, p_prefix text, p_email text, p_cap integer)
  RETURNS TABLE (id uuid, search_name text, rank float8)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF NOT hireloop_may_read(p_organisation) THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    '(SELECT c.id, c.search_name::text, 0::float8 FROM candidates c
        WHERE c.organisation_id = $1 AND c.erased_at IS NULL AND c.email = $4 LIMIT $5)
     UNION ALL
     (SELECT c.id, c.search_name::text, 1::float8 FROM candidates c
        WHERE c.organisation_id = $1 AND c.erased_at IS NULL AND c.search_name LIKE $3
        ORDER BY c.search_name, c.id LIMIT $5)
     UNION ALL
     (SELECT c.id, c.search_name::text, 2::float8 FROM candidates c
        WHERE c.organisation_id = $1 AND c.erased_at IS NULL AND c.name_vector @@ $2 LIMIT $5)
     UNION ALL
     (SELECT c.id, c.search_name::text, 3::float8 FROM candidates c
        WHERE c.organisation_id = $1 AND c.erased_at IS NULL AND c.search_vector @@ $2 LIMIT $5)'
    USING p_organisation, p_query, p_prefix, p_email, p_cap;
END
$$;--> statement-breakpoint

-- Names alike in trigrams (typos), most alike first: at most p_cap of those the trigram index gives,
-- with the caller's pg_trgm.word_similarity_threshold.
CREATE OR REPLACE FUNCTION "candidate_typo_matches"(p_organisation uuid, p_name text, p_cap integer)
  RETURNS TABLE (id uuid, search_name text, rank float8)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF NOT hireloop_may_read(p_organisation) THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT c.id, c.search_name::text, (1 - word_similarity($2, c.search_name))::float8 FROM candidates c
       WHERE c.organisation_id = $1 AND c.erased_at IS NULL AND $2 <% c.search_name LIMIT $3'
    USING p_organisation, p_name, p_cap;
END
$$;
