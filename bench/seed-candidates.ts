/**
 * The hiring-core bench's data generator: one organisation gains `recruitments` recruitments
 * (spread over its job roles) and `candidates` candidates, one application each, spread over the
 * recruitments (2,000 each at the default 100,000 / 50) and over the pipeline like a real funnel.
 * Rows are generated inside the database with generate_series, so 100,000 take seconds, not minutes.
 * Never imported by production code.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { applications } from '../apps/server/src/db/schema/candidates.ts';
import { jobRoles } from '../apps/server/src/db/schema/job-roles.ts';
import { recruitmentStatuses } from '../apps/server/src/db/schema/recruitment-settings.ts';
import { recruitments } from '../apps/server/src/db/schema/recruitments.ts';

const FIRST = [
  'Ana',
  'Ben',
  'Chloé',
  'David',
  'Emma',
  'Farah',
  'Gustavo',
  'Hana',
  'Ivan',
  'Julia',
  'Kwame',
  'Lena',
  'Mateo',
  'Nadia',
  'Omar',
  'Paula',
  'Quinn',
  'Rosa',
  'Sami',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Silva',
  'Okafor',
  'Nguyen',
  'Müller',
  'Kowalski',
  'García',
  'Haddad',
  'Johansson',
  'Tanaka',
  'Rossi',
  'Dubois',
  'Patel',
  'Kim',
  'Novak',
  'Costa',
  'Schmidt',
  'Ahmed',
  'Larsen',
  'Moreau',
  'Ibrahim',
];
const SOURCES = ['careers_site', 'referral', 'sourced', 'agency', 'job_board', 'imported'];
const TAGS = ['senior', 'remote', 'referral-bonus', 'visa', 'relocation', 'fast-track'];

/** `array[$1, $2, …]::<type>[]`: one bound parameter per element, as node-postgres binds it. */
const arrayOf = (values: string[], type: 'text' | 'uuid'): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;

export type SeededHiring = { recruitmentIds: string[]; statusIds: string[]; candidates: number };

export async function seedBenchCandidates(
  db: Db,
  organisationId: string,
  opts: { candidates: number; recruitments: number },
): Promise<SeededHiring> {
  const roles = await db.select({ id: jobRoles.id, name: jobRoles.name }).from(jobRoles).where(eq(jobRoles.organisationId, organisationId));
  if (roles.length === 0) throw new Error('the organisation has no job roles to recruit for');
  const statuses = await db
    .select({ id: recruitmentStatuses.id, category: recruitmentStatuses.category })
    .from(recruitmentStatuses)
    .where(eq(recruitmentStatuses.organisationId, organisationId))
    .orderBy(asc(recruitmentStatuses.position));
  const pipeline = statuses.filter((s) => s.category === 'in_progress').map((s) => s.id);
  if (pipeline.length === 0) throw new Error('the organisation has no in-progress statuses');

  const created = await db
    .insert(recruitments)
    .values(
      Array.from({ length: opts.recruitments }, (_, i) => {
        const role = roles[i % roles.length]!;
        return {
          organisationId,
          roleId: role.id,
          name: `${role.name} · bench ${i + 1}`,
          openedAt: new Date(Date.now() - (i + 7) * 86_400_000),
        };
      }),
    )
    .returning({ id: recruitments.id });
  const recruitmentIds = created.map((r) => r.id);

  await db.execute(sql`
    insert into candidates (organisation_id, name, email, source, consent_at, consent_source, last_activity_at, created_at, updated_at)
    select ${organisationId}::uuid,
           (${arrayOf(FIRST, 'text')})[1 + i % ${FIRST.length}] || ' ' || (${arrayOf(LAST, 'text')})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || i,
           'candidate' || i || '@bench.test',
           (${arrayOf(SOURCES, 'text')})[1 + i % ${SOURCES.length}],
           now() - (i % 900) * interval '1 hour', 'application_form',
           now() - (i % 900) * interval '1 hour', now() - (i % 900) * interval '1 hour', now()
    from generate_series(1, ${opts.candidates}) as i`);

  // Funnel: half in the first stage, then halving per stage; the position keeps the board's order.
  await db.execute(sql`
    insert into applications (organisation_id, candidate_id, recruitment_id, status_id, board_position, source, tags, applied_at, stage_entered_at, created_at, updated_at)
    select ${organisationId}::uuid, c.id,
           (${arrayOf(recruitmentIds, 'uuid')})[1 + c.n % ${recruitmentIds.length}],
           (${arrayOf(pipeline, 'uuid')})[least(${pipeline.length}, 1 + floor(-log(2, 1 - ((c.n * 7919) % 1000) / 1000.0))::int)],
           c.n, c.source,
           case when c.n % 5 = 0 then array[(${arrayOf(TAGS, 'text')})[1 + c.n % ${TAGS.length}]] else '{}'::text[] end,
           c.created_at, c.created_at, c.created_at, now()
    from (select id, source, created_at, row_number() over (order by email) as n from candidates
          where organisation_id = ${organisationId}::uuid and email like '%@bench.test') as c`);
  // As autovacuum leaves a table after a bulk insert: statistics, and the visibility map that lets
  // index-only scans skip the table (a recruitment's search reads its covering index, migration 0018).
  await db.execute(sql`vacuum (analyze) candidates`);
  await db.execute(sql`vacuum (analyze) applications`);

  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(eq(applications.organisationId, organisationId));
  return { recruitmentIds, statusIds: pipeline, candidates: count?.n ?? 0 };
}
