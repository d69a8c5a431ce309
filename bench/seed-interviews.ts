/**
 * The interviews bench's data: `count` interviews in the organisation's largest open recruitment
 * (two interviewers each; a third of the completed ones with scorecards), generated in the database
 * with generate_series. Never imported by production code.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

export async function seedBenchInterviews(db: Db, organisationId: string, ownerId: string, count: number) {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] };
  // The open recruitment with the most applications.
  const [target] = (
    await rowsOf<{ id: string }>(sql`select r.id from recruitments r join applications a on a.recruitment_id = r.id
      where r.organisation_id = ${organisationId} and r.status = 'open' group by r.id order by count(*) desc limit 1`)
  ).rows;
  if (!target) throw new Error('the demo has no open recruitment with applications');
  const recruitmentId = target.id;

  await db.execute(sql`
    with apps as (
      select id, row_number() over (order by id) as n, count(*) over () as total from applications where recruitment_id = ${recruitmentId}
    ), types as (
      select id, name, criteria, row_number() over (order by position) as n, count(*) over () as total from interview_types where organisation_id = ${organisationId}
    ), i as (
      insert into interviews (organisation_id, application_id, recruitment_id, type_id, title, starts_at, ends_at, timezone, video_url, criteria, status, ics_uid, organiser_id)
      select ${organisationId}, a.id, ${recruitmentId}, t.id, t.name,
             date_trunc('hour', now()) + (g - ${count / 2}) * interval '71 minutes',
             date_trunc('hour', now()) + (g - ${count / 2}) * interval '71 minutes' + interval '45 minutes',
             'Europe/London', 'https://meet.example.com/bench-' || g, t.criteria,
             case when g < ${count / 2} and g % 10 <> 0 then 'completed' when g % 10 = 0 then 'cancelled' else 'scheduled' end,
             gen_random_uuid() || '@hireloop', ${ownerId}
      from generate_series(1, ${count}) g
      join apps a on a.n = 1 + g % a.total
      join types t on t.n = 1 + g % t.total
      returning id, starts_at, status
    ), members as (
      select user_id, row_number() over (order by user_id) as n, count(*) over () as total from memberships where organisation_id = ${organisationId}
    ), ii as (
      insert into interview_interviewers (interview_id, user_id)
      select distinct i.id, m.user_id from i
      join members m on m.n in (1 + abs(hashtext(i.id::text)) % m.total, 1 + (abs(hashtext(i.id::text)) + 1) % m.total)
      returning interview_id, user_id
    )
    insert into scorecards (organisation_id, interview_id, interviewer_id, ratings, recommendation, notes)
    select ${organisationId}, ii.interview_id, ii.user_id, '[]'::jsonb, (array['strong_no','no','yes','strong_yes'])[1 + abs(hashtext(ii.interview_id::text)) % 4], 'Bench.'
    from ii join i on i.id = ii.interview_id
    where i.status = 'completed' and abs(hashtext(ii.interview_id::text || ii.user_id::text)) % 3 = 0`);
  await db.execute(sql`analyze interviews`);
  await db.execute(sql`analyze interview_interviewers`);
  await db.execute(sql`analyze scorecards`);
  const [seeded] = (await rowsOf<{ n: number }>(sql`select count(*)::int as n from interviews where recruitment_id = ${recruitmentId}`))
    .rows;
  return { recruitmentId, interviews: seeded?.n ?? 0 };
}
