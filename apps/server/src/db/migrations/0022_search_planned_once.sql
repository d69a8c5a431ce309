-- The search across the organisation without planning it at every call (docs/decisions/012-candidate-search.md,
-- "Planned once"). candidate_search_matches (0017) runs its tiers as one dynamic statement, planned
-- with the term's values: a word nearly every row has ("gmail") is then read with a limit instead of
-- through its GIN index. Planning those four tiers cost more than running them for most terms. This
-- function answers the same rows from statements planned once per connection (generic plans): the
-- exact e-mail, names that begin with the term as a btree range (search_name is COLLATE "C": the
-- names that begin with p_name sort from p_name up to p_name followed by the highest code point;
-- starts_with keeps exactly those), and the two word tiers through their GIN indexes. The app calls
-- it only for terms without a word that the table's statistics show in a large share of rows
-- (features/candidates/search-plans.ts); the others still go to candidate_search_matches.
CREATE OR REPLACE FUNCTION "candidate_search_matches_planned"(p_organisation uuid, p_query tsquery, p_name text, p_email text, p_cap integer)
  RETURNS TABLE (id uuid, search_name text, rank float8)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  IF NOT hireloop_may_read(p_organisation) THEN
    RETURN;
  END IF;
  RETURN QUERY
    (SELECT c.id, c.search_name::text, 0::float8 FROM candidates c
        WHERE c.organisation_id = p_organisation AND c.erased_at IS NULL AND c.email = p_email LIMIT p_cap)
     UNION ALL
     (SELECT c.id, c.search_name::text, 1::float8 FROM candidates c
        WHERE c.organisation_id = p_organisation AND c.erased_at IS NULL
          AND c.search_name >= p_name AND c.search_name <= p_name || U&'\+10FFFF' AND starts_with(c.search_name, p_name)
        ORDER BY c.search_name, c.id LIMIT p_cap)
     UNION ALL
     (SELECT c.id, c.search_name::text, 2::float8 FROM candidates c
        WHERE c.organisation_id = p_organisation AND c.erased_at IS NULL AND c.name_vector @@ p_query LIMIT p_cap)
     UNION ALL
     (SELECT c.id, c.search_name::text, 3::float8 FROM candidates c
        WHERE c.organisation_id = p_organisation AND c.erased_at IS NULL AND c.search_vector @@ p_query LIMIT p_cap);
END
$$;
