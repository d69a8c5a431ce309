/**
 * The screens bench's history on top of seedBenchCandidates: what a year of work leaves behind an
 * organisation's applications, so the aggregating screens (dashboard, recruitments list, analytics)
 * read as much as they would. Generated in the database. Never imported by production code.
 * - Each application's stage history: its first entry (no `from`), then a move per stage up to
 *   where it is now, 20 hours apart (capped at now, less up to an hour), so some moves fall in the current week.
 * - Its timeline: 'application.created', then 'application.moved' per move, as the app writes them.
 * - The user on the hiring team of every recruitment given (a head recruiter's dashboard).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

/** `array[$1, $2, …]::uuid[]`: one bound parameter per element. */
const uuids = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::uuid[]`;

export async function seedBenchHistory(
  db: Db,
  organisationId: string,
  user: { id: string; name: string },
  seeded: { recruitmentIds: string[]; statusIds: string[] },
) {
  const recruitments = uuids(seeded.recruitmentIds);
  const pipeline = uuids(seeded.statusIds);
  await db.transaction(async (tx) => {
    // One row per (application, step): step 1 is the first entry, step k the move into pipeline[k].
    await tx.execute(sql`
    create temporary table bench_steps on commit drop as
    select a.id as application_id, a.recruitment_id, a.candidate_id, k as step,
           case when k = 1 then null else (${pipeline})[k - 1] end as from_id, (${pipeline})[k] as to_id,
           least(now(), a.applied_at + (k - 1) * interval '20 hours') - (abs(hashtext(a.id::text || k)) % 3600) * interval '1 second' as at
      from applications a
      cross join lateral generate_series(1, array_position(${pipeline}, a.status_id)) as k
     where a.organisation_id = ${organisationId} and a.recruitment_id = any(${recruitments})`);
    await tx.execute(sql`
    insert into application_stage_changes (organisation_id, application_id, recruitment_id, from_status_id, to_status_id, moved_by_id, moved_at)
    select ${organisationId}, application_id, recruitment_id, from_id, to_id, ${user.id}, at from bench_steps`);
    await tx.execute(sql`
    insert into activities (organisation_id, candidate_id, application_id, recruitment_id, actor_user_id, actor_name, type, data, created_at)
    select ${organisationId}, st.candidate_id, st.application_id, st.recruitment_id, ${user.id}, ${user.name},
           case when st.step = 1 then 'application.created' else 'application.moved' end,
           case when st.step = 1 then jsonb_build_object('source', 'sourced')
                else jsonb_build_object('from', f.name, 'to', t.name, 'from_id', st.from_id, 'to_id', st.to_id) end,
           st.at
      from bench_steps st
      join recruitment_statuses t on t.id = st.to_id
      left join recruitment_statuses f on f.id = st.from_id`);
    await tx.execute(sql`
    insert into recruitment_members (recruitment_id, user_id, role)
    select r, ${user.id}, 'recruiter' from unnest(${recruitments}) as r
    on conflict do nothing`);
  });
  await db.execute(sql`vacuum (analyze) application_stage_changes`);
  await db.execute(sql`vacuum (analyze) activities`);
}
