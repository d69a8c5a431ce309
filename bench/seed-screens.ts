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

/**
 * What the other screens read, at the bench's scale (modest, generated in the database):
 * - onboarding: `hires` of the bench candidates in the organisation's existing onboardings (round
 *   robin, at their first stage, started over the last 90 days), each with the first onboarding's
 *   template tasks (five a hire, some done, some overdue);
 * - the careers site: a page-view row per live role and the front page for each of the last 90 days,
 *   and a third of the bench applications marked as applied through the site (`career_applications`);
 * - `notifications` for the user (the bell), half of them read;
 * - `audit` entries, a year of administrative changes.
 */
export async function seedBenchScreensExtras(
  db: Db,
  organisationId: string,
  user: { id: string; name: string },
  seeded: { recruitmentIds: string[] },
  o: { hires: number; notifications: number; audit: number },
) {
  const recruitments = uuids(seeded.recruitmentIds);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
    with picked as (
      select a.id as application_id, a.candidate_id, row_number() over (order by a.id) as n
        from applications a where a.organisation_id = ${organisationId} and a.recruitment_id = any(${recruitments})
       order by a.id limit ${o.hires}
    ), boards as (
      select ob.id, row_number() over (order by ob.id) as k, count(*) over () as total from onboardings ob where ob.organisation_id = ${organisationId}
    ), first_stage as (
      select s.id from onboarding_stages s where s.organisation_id = ${organisationId} order by s.position limit 1
    ), h as (
      insert into hires (organisation_id, onboarding_id, candidate_id, application_id, stage_id, board_position, stage_entered_at, start_date, created_by_id, created_at)
      select ${organisationId}, b.id, p.candidate_id, p.application_id, (select id from first_stage), p.n, now() - (p.n % 90) * interval '1 day',
             (now() + ((p.n % 60) - 30) * interval '1 day')::date, ${user.id}, now() - (p.n % 90) * interval '1 day'
        from picked p join boards b on b.k = 1 + (p.n % b.total)
      on conflict do nothing
      returning id, start_date
    )
    insert into hire_tasks (organisation_id, hire_id, title, owner_kind, owner_id, due_days, due_date, position, done_at)
    select ${organisationId}, h.id, 'Bench task ' || t, 'user', ${user.id}, (t - 3) * 7, h.start_date + (t - 3) * 7, t,
           case when t <= 2 then now() end
      from h cross join generate_series(1, 5) as t`);
    await tx.execute(sql`
    insert into careers_page_views (organisation_id, page, day, views)
    select ${organisationId}, pg.page, (now() at time zone 'UTC')::date - d, 20 + (abs(hashtext(pg.page || d)) % 200)
      from (select 'index' as page union all select jr.id::text from job_roles jr where jr.organisation_id = ${organisationId}) pg
      cross join generate_series(0, 89) as d
    on conflict do nothing`);
    await tx.execute(sql`
    insert into career_applications (application_id, organisation_id, role_id, created_at)
    select a.id, a.organisation_id, r.role_id, a.applied_at
      from applications a join recruitments r on r.id = a.recruitment_id
     where a.organisation_id = ${organisationId} and a.recruitment_id = any(${recruitments}) and abs(hashtext(a.id::text)) % 3 = 0
    on conflict do nothing`);
    await tx.execute(sql`
    insert into notifications (user_id, organisation_id, type, data, read_at, created_at)
    select ${user.id}, ${organisationId}, 'offer_decision',
           jsonb_build_object('title', 'Bench notification ' || g, 'body', 'Bench', 'url', '/dashboard'),
           case when g % 2 = 0 then now() end, now() - g * interval '37 minutes'
      from generate_series(1, ${o.notifications}) as g`);
    await tx.execute(sql`
    insert into audit_log (organisation_id, actor_user_id, actor_name, action, target_type, target_id, before, after, created_at)
    select ${organisationId}, ${user.id}, ${user.name}, (array['role.updated', 'member.updated', 'team.updated', 'recruitment.updated'])[1 + g % 4],
           'bench', g::text, jsonb_build_object('name', 'Before ' || g), jsonb_build_object('name', 'After ' || g),
           now() - g * interval '26 minutes'
      from generate_series(1, ${o.audit}) as g`);
  });
  for (const table of ['hires', 'hire_tasks', 'career_applications', 'notifications', 'audit_log']) {
    await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  }
}
