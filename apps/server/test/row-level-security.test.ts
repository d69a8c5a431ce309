import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterCommit, afterRollback, organisationTransactions, routingDb } from '../src/db/organisation-transaction.ts';
import { preparedPerDb } from '../src/db/prepared.ts';
import { AppError, registerErrorHandling } from '../src/http/errors.ts';
import { publicOrganisationScope } from '../src/http/public-scope.ts';
import { createFileService, putNewBytes } from '../src/features/files/service.ts';
import { createLocalStorage } from '../src/lib/storage.ts';
import { applications, candidates } from '../src/db/schema/candidates.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { teamMembers, teams } from '../src/db/schema/teams.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';

// Tenancy enforced by PostgreSQL (migration 0015, docs/decisions/011-row-level-security.md):
// organisation-scoped requests run as hireloop_app with their organisation set for their transaction.

let t: TestApp;
let orgA: { id: string };
let orgB: { id: string };
let owner: { id: string };
let statusA: string;
let recruitmentA: string;
let recruitmentB: string;
let candidateB: { id: string; name: string };

/** The pg error under Drizzle's wrapper. */
const causeOf = (error: unknown) => ((error as { cause?: unknown }).cause ?? error) as { code?: string; message: string };

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t);
  orgA = await createOrganisation(t, owner);
  orgB = await createOrganisation(t);
  const a = await seedPipeline(t, orgA.id);
  const b = await seedPipeline(t, orgB.id);
  statusA = a.statuses[0]!.id;
  recruitmentA = (await a.recruitment('Backend')).id;
  await seedCandidate(t, orgA.id, statusA, { name: 'Ada of A' }, [recruitmentA]);
  await seedCandidate(t, orgA.id, statusA, { name: 'Alan of A' });
  recruitmentB = (await b.recruitment('Sales')).id;
  candidateB = (await seedCandidate(t, orgB.id, b.statuses[0]!.id, { name: 'Barbara of B' }, [recruitmentB])).candidate;
  const [teamA] = await t.database.db.insert(teams).values({ organisationId: orgA.id, name: 'Team A' }).returning();
  const [teamB] = await t.database.db.insert(teams).values({ organisationId: orgB.id, name: 'Team B' }).returning();
  await t.database.db.insert(teamMembers).values([
    { teamId: teamA!.id, userId: owner.id },
    { teamId: teamB!.id, userId: owner.id },
  ]);
});

afterAll(() => t?.close());

describe('row-level security', () => {
  it('queries in an organisation transaction start together (Promise.all) without pg’s “already executing a query” warning', async () => {
    const warnings: string[] = [];
    const listen = (w: Error) => warnings.push(w.message);
    process.on('warning', listen);
    try {
      const counts = await t.database.inOrganisation(orgA.id, () =>
        Promise.all([1, 2, 3, 4].map(() => t.database.db.select({ id: candidates.id }).from(candidates))),
      );
      expect(counts.map((rows) => rows.length)).toEqual([2, 2, 2, 2]);
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });

  it('a prepared statement built once serves every request in that request’s own transaction, and the pool outside one', async () => {
    const whoAmI = preparedPerDb((db) =>
      db
        .select({
          role: sql<string>`current_user`,
          organisationId: sql<string | null>`nullif(current_setting('app.organisation_id', true), '')`,
        })
        .from(sql`(select 1) one`)
        .prepare('rls_test_who_am_i'),
    );
    const db = t.database.db;
    const built = new Set<unknown>([whoAmI(db)]);
    const [inA, inB] = await Promise.all([
      t.database.inOrganisation(orgA.id, async () => {
        built.add(whoAmI(db));
        const [first] = await whoAmI(db).execute();
        // Still A's after B's request ran in between.
        await new Promise((resolve) => setImmediate(resolve));
        const [second] = await whoAmI(db).execute();
        return [first, second];
      }),
      t.database.inOrganisation(orgB.id, async () => {
        built.add(whoAmI(db));
        return (await whoAmI(db).execute())[0];
      }),
    ]);
    expect(built.size).toBe(1);
    expect(inA).toEqual([
      { role: 'hireloop_app', organisationId: orgA.id },
      { role: 'hireloop_app', organisationId: orgA.id },
    ]);
    expect(inB).toEqual({ role: 'hireloop_app', organisationId: orgB.id });
    const [outside] = await whoAmI(db).execute();
    expect(outside?.role).not.toBe('hireloop_app');
    expect(outside?.organisationId).toBeNull();
    // The same statement inside a transaction of its own runs there (and is built for it).
    const inTx = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.organisation_id', ${orgB.id}, true)`);
      return (await whoAmI(tx).execute())[0];
    });
    expect(inTx?.organisationId).toBe(orgB.id);
  });

  it('reads run on read connections that keep their organisation between requests and switch it for another organisation’s; they never write, and the pool stays the owner’s', async () => {
    // One read connection for every read, so each request below reuses the one before's.
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
    const readPool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    const inOrganisation = organisationTransactions(pool, readPool);
    const db = routingDb(drizzle(pool), pool);
    const read = (organisationId: string) =>
      inOrganisation(
        organisationId,
        async () => {
          const [who] = (
            (await db.execute(
              sql`select current_user as role, current_setting('app.organisation_id', true) as organisation_id, current_setting('transaction_read_only') as read_only, pg_backend_pid() as pid`,
            )) as unknown as { rows: { role: string; organisation_id: string; read_only: string; pid: number }[] }
          ).rows;
          const names = (await db.select({ name: candidates.name }).from(candidates)).map((c) => c.name).sort();
          return { ...who, names };
        },
        { readOnly: true },
      );
    try {
      const a1 = await read(orgA.id);
      const b = await read(orgB.id);
      const a2 = await read(orgA.id);
      expect(new Set([a1.pid, b.pid, a2.pid]).size).toBe(1);
      for (const each of [a1, b, a2]) expect(each).toMatchObject({ role: 'hireloop_app', read_only: 'on' });
      expect(a1).toMatchObject({ organisation_id: orgA.id, names: ['Ada of A', 'Alan of A'] });
      expect(b).toMatchObject({ organisation_id: orgB.id, names: ['Barbara of B'] });
      expect(a2).toMatchObject({ organisation_id: orgA.id, names: ['Ada of A', 'Alan of A'] });
      // A read cannot write, also in a transaction of its own.
      const writing = inOrganisation(
        orgA.id,
        () =>
          db.transaction((tx) =>
            tx.insert(candidates).values({ organisationId: orgA.id, name: 'Written by a read', email: 'read@example.test' }),
          ),
        { readOnly: true },
      );
      await expect(writing).rejects.toSatisfy((error: unknown) => /read-only transaction/.test(causeOf(error).message));
      // The failed write left the read connection usable, still in its organisation.
      expect(await read(orgA.id)).toMatchObject({ pid: a1.pid, organisation_id: orgA.id, names: ['Ada of A', 'Alan of A'] });
      // Outside any request the pool is the owner's, with no organisation, and may write.
      const [outside] = (
        (await db.execute(
          sql`select current_user as role, current_setting('app.organisation_id', true) as organisation_id`,
        )) as unknown as {
          rows: { role: string; organisation_id: string | null }[];
        }
      ).rows;
      expect(outside?.role).not.toBe('hireloop_app');
      expect(outside?.organisation_id ?? '').toBe('');
    } finally {
      await Promise.all([pool.end(), readPool.end()]);
    }
  });

  it('covers every table with an organisation_id column, the tables owned through a parent and the organisation row: enabled, forced, a tenant and a system policy', async () => {
    const { rows } = (await t.database.db.execute(sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             array(select p.polname::text from pg_policy p where p.polrelid = c.oid order by 1) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (exists (select 1 from information_schema.columns k where k.table_schema = 'public' and k.table_name = c.relname and k.column_name = 'organisation_id')
             or c.relname in ('organisations', 'interview_interviewers', 'offer_approvals', 'recruitment_members', 'team_members'))
      order by 1`)) as unknown as { rows: { table: string; enabled: boolean; forced: boolean; policies: string[] }[] };
    expect(rows.length).toBeGreaterThanOrEqual(38);
    for (const row of rows) expect(row, row.table).toMatchObject({ enabled: true, forced: true, policies: ['system', 'tenant'] });
  });

  it('a query that names no organisation sees only the organisation of its transaction (also through a parent row)', async () => {
    const [names, memberships, orgs] = await t.database.inOrganisation(orgA.id, async () => [
      (await t.database.db.select({ name: candidates.name }).from(candidates).orderBy(candidates.name)).map((c) => c.name),
      (await t.database.db.select({ teamId: teamMembers.teamId }).from(teamMembers)).length,
      (await t.database.db.select({ id: organisations.id }).from(organisations)).map((o) => o.id),
    ]);
    expect(names).toEqual(['Ada of A', 'Alan of A']);
    expect(memberships).toBe(1);
    expect(orgs).toEqual([orgA.id]);
    // The other organisation's rows can be neither changed nor deleted from there.
    const changed = await t.database.inOrganisation(orgA.id, () =>
      t.database.db.update(candidates).set({ name: 'Changed' }).where(eq(candidates.id, candidateB.id)).returning(),
    );
    expect(changed).toEqual([]);
    const [still] = await t.database.db.select().from(candidates).where(eq(candidates.id, candidateB.id));
    expect(still?.name).toBe('Barbara of B');
  });

  it('refuses to write a row of another organisation', async () => {
    const error = await t.database
      .inOrganisation(orgA.id, () =>
        t.database.db.insert(candidates).values({ organisationId: orgB.id, name: 'Smuggled', email: 'smuggled@example.test' }),
      )
      .then(() => undefined, causeOf);
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/row-level security/);
    expect(await t.database.db.select().from(candidates).where(eq(candidates.name, 'Smuggled'))).toEqual([]);
  });

  it('as hireloop_app with no organisation set, sees no row and may insert none (fail closed)', async () => {
    const seen = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role hireloop_app`);
      const { rows } = (await tx.execute(sql`select count(*)::int as n from candidates`)) as unknown as { rows: { n: number }[] };
      return { candidates: rows[0]?.n, orgs: await tx.select().from(organisations), members: await tx.select().from(teamMembers) };
    });
    expect(seen.candidates).toBe(0);
    expect(seen.orgs).toEqual([]);
    expect(seen.members).toEqual([]);
    const error = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local role hireloop_app`);
        await tx.insert(candidates).values({ organisationId: orgA.id, name: 'Nobody', email: 'nobody@example.test' });
      })
      .then(() => undefined, causeOf);
    expect(error?.code).toBe('42501');
    // The owner (the connection's own role) still sees everything: the unscoped system paths.
    expect((await t.database.db.select({ id: candidates.id }).from(candidates)).length).toBe(3);
  });

  it.each([
    ['candidate_search_matches', 'zzz%'],
    ['candidate_search_matches_planned', 'zzz'],
  ])(
    'the search function %s, which reads with the owner’s rights (migrations 0017, 0022), answers hireloop_app only for its own organisation, and nothing with none set',
    async (fn, prefix) => {
      const names = (rows: unknown) => (rows as { rows: { search_name: string }[] }).rows.map((r) => r.search_name).sort();
      const search = (organisationId: string) =>
        sql`select distinct search_name from ${sql.identifier(fn)}(${organisationId}::uuid, hireloop_word_query('of'), ${prefix}, '', 100)`;
      const typos = (organisationId: string) =>
        sql`select search_name from candidate_typo_matches(${organisationId}::uuid, 'barbra of b', 100)`;
      // As the request's role with its organisation: its own people, never another organisation's.
      const inA = await t.database.inOrganisation(orgA.id, async () => ({
        own: names(await t.database.db.execute(search(orgA.id))),
        other: names(await t.database.db.execute(search(orgB.id))),
        otherTypos: names(await t.database.db.execute(typos(orgB.id))),
      }));
      expect(inA).toEqual({ own: ['ada of a', 'alan of a'], other: [], otherTypos: [] });
      // With no organisation set: nothing at all.
      const unset = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local role hireloop_app`);
        return names(await tx.execute(search(orgA.id)));
      });
      expect(unset).toEqual([]);
      // The owner's system paths name the organisation they read.
      expect(names(await t.database.db.execute(search(orgB.id)))).toEqual(['barbara of b']);
      expect(names(await t.database.db.execute(typos(orgB.id)))).toEqual(['barbara of b']);
    },
  );

  it('the search functions inside a recruitment (migration 0018) answer hireloop_app only for its own organisation, and nothing with none set', async () => {
    const count = (rows: unknown) => (rows as { rows: { n: number }[] }).rows[0]!.n;
    const words = (organisationId: string, recruitmentId: string) =>
      sql`select count(*)::int as n from application_search_matches(${organisationId}::uuid, ${recruitmentId}::uuid, hireloop_word_query('of'))`;
    const typos = (organisationId: string, recruitmentId: string) =>
      sql`select count(*)::int as n from application_typo_matches(${organisationId}::uuid, ${recruitmentId}::uuid, 'barbra of b')`;
    const inA = await t.database.inOrganisation(orgA.id, async () => ({
      own: count(await t.database.db.execute(words(orgA.id, recruitmentA))),
      // Another organisation's recruitment, named with its own organisation or with the caller's.
      other: count(await t.database.db.execute(words(orgB.id, recruitmentB))),
      otherAsOwn: count(await t.database.db.execute(words(orgA.id, recruitmentB))),
      otherTypos: count(await t.database.db.execute(typos(orgB.id, recruitmentB))),
    }));
    expect(inA).toEqual({ own: 1, other: 0, otherAsOwn: 0, otherTypos: 0 });
    const unset = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role hireloop_app`);
      return count(await tx.execute(words(orgA.id, recruitmentA)));
    });
    expect(unset).toBe(0);
    expect(count(await t.database.db.execute(words(orgB.id, recruitmentB)))).toBe(1);
    const typoCount = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`);
      return count(await tx.execute(typos(orgB.id, recruitmentB)));
    });
    expect(typoCount).toBe(1);
  });

  it('the definer search functions are the app’s alone: another role may not execute them, and answers nothing even when allowed to (fail closed)', async () => {
    const reporter = `reporter_${Date.now().toString(36)}`;
    const search = sql`select count(*)::int as n from candidate_search_matches(${orgB.id}::uuid, hireloop_word_query('barbara'), 'barbara', '', 10)`;
    const asReporter = (work: (tx: typeof t.database.db) => Promise<unknown>) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${reporter}`));
        return work(tx);
      });
    await t.database.db.execute(sql.raw(`create role ${reporter} nologin`));
    try {
      // Every SECURITY DEFINER function of the schema: no EXECUTE for PUBLIC, EXECUTE for hireloop_app.
      type Definer = { name: string; public_may: boolean; app_may: boolean };
      const definers = (await t.database.db.execute(sql`
        select p.oid::regprocedure::text as name,
               has_function_privilege('public', p.oid, 'execute') as public_may,
               has_function_privilege('hireloop_app', p.oid, 'execute') as app_may
          from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prosecdef`)) as unknown as { rows: Definer[] };
      expect(definers.rows.length).toBeGreaterThanOrEqual(5);
      for (const row of definers.rows) expect(row, row.name).toMatchObject({ public_may: false, app_may: true });
      // A role with no grant is refused outright.
      const refused = await asReporter((tx) => tx.execute(search)).catch((error: unknown) => causeOf(error));
      expect(refused).toMatchObject({ code: '42501' });
      // Granted by mistake, the function still answers it nothing; the owner's own session still reads.
      await t.database.db.execute(
        sql.raw(`grant execute on function candidate_search_matches(uuid, tsquery, text, text, integer) to ${reporter}`),
      );
      const granted = (await asReporter((tx) => tx.execute(search))) as { rows: { n: number }[] };
      expect(granted.rows[0]!.n).toBe(0);
      const owners = (await t.database.db.execute(search)) as unknown as { rows: { n: number }[] };
      expect(owners.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await t.database.db.execute(sql.raw(`drop owned by ${reporter}; drop role ${reporter}`));
    }
  });

  it('queued and delivered mail belong to an organisation: a scoped request sees and writes only its own; sessions and local identities are out of its reach, users read-only', async () => {
    type Row = { organisation_id: string | null };
    const rows = (result: unknown) => (result as { rows: Row[] }).rows;
    // Mail of B queued by the owner (a job), and one of no organisation.
    await t.database.db.execute(sql`insert into outbox (kind, payload, organisation_id) values ('mail', '{}'::jsonb, ${orgB.id}::uuid)`);
    await t.database.db.execute(sql`insert into outbox (kind, payload) values ('mail', '{"about":"an account"}'::jsonb)`);
    await t.database.db.execute(
      sql`insert into dev_mailbox ("to", "from", subject, text, organisation_id) values ('b@example.test', 'x', 'B', 'B', ${orgB.id}::uuid)`,
    );
    const seen = await t.database.inOrganisation(orgA.id, async () => {
      // Queued inside A's transaction: stamped with A without naming it.
      await t.database.db.execute(sql`insert into outbox (kind, payload) values ('mail', '{"in":"A"}'::jsonb)`);
      return {
        outbox: rows(await t.database.db.execute(sql`select organisation_id from outbox`)),
        devMail: rows(await t.database.db.execute(sql`select organisation_id from dev_mailbox`)),
      };
    });
    expect(seen.outbox.length).toBeGreaterThan(0);
    expect(seen.outbox.every((row) => row.organisation_id === orgA.id)).toBe(true);
    expect(seen.devMail.every((row) => row.organisation_id === orgA.id)).toBe(true);
    // Writing another organisation's mail is refused.
    const refused = await t.database
      .inOrganisation(orgA.id, () =>
        t.database.db.execute(sql`insert into outbox (kind, payload, organisation_id) values ('mail', '{}'::jsonb, ${orgB.id}::uuid)`),
      )
      .catch((error: unknown) => causeOf(error));
    expect(refused).toMatchObject({ code: '42501' });
    // Tables of no organisation: sessions and local identities not at all, users only read.
    for (const statement of [
      sql`select token_hash from sessions limit 1`,
      sql`select sub from local_identities limit 1`,
      sql`update users set name = name where id = ${owner.id}`,
    ]) {
      const denied = await t.database
        .inOrganisation(orgA.id, () => t.database.db.execute(statement))
        .catch((error: unknown) => causeOf(error));
      expect(denied).toMatchObject({ code: '42501' });
    }
    const names = await t.database.inOrganisation(orgA.id, () => t.database.db.execute(sql`select name from users where id = ${owner.id}`));
    expect(rows(names)).toHaveLength(1);
  });

  it('a public route runs in the organisation its token names, as hireloop_app; an unknown token runs nothing', async () => {
    // The same shape as the candidate's offer link and the new hire's link (app.ts): a narrow
    // lookup of the token's organisation, then the handler under row-level security.
    const tokens: Record<string, string> = { 'token-of-a': orgA.id, 'token-of-b': orgB.id };
    let ran = 0;
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(
      publicOrganisationScope(
        async (routes) => {
          routes.get('/probe/:token', async () => {
            ran++;
            // No organisation condition: the policy alone keeps this to the token's organisation.
            const result = await t.database.db.execute(
              sql`select current_user as role, current_setting('app.organisation_id', true) as organisation,
                         (select array_agg(name order by name) from candidates) as names`,
            );
            return (result as unknown as { rows: unknown[] }).rows[0];
          });
        },
        {
          inOrganisation: t.database.inOrganisation,
          organisationOf: async (request) => {
            const organisationId = tokens[(request.params as { token: string }).token];
            if (!organisationId) throw new AppError('not_found', 'This link is not valid.');
            return organisationId;
          },
        },
      ),
    );
    try {
      const a = await app.inject({ method: 'GET', url: '/probe/token-of-a' });
      expect(a.json()).toEqual({ role: 'hireloop_app', organisation: orgA.id, names: ['Ada of A', 'Alan of A'] });
      const b = await app.inject({ method: 'GET', url: '/probe/token-of-b' });
      expect(b.json()).toMatchObject({ organisation: orgB.id, names: ['Barbara of B'] });
      expect(ran).toBe(2);
      const unknown = await app.inject({ method: 'GET', url: '/probe/nobody' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'This link is not valid.' });
      expect(ran).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('a GET runs in a read-only transaction (a write is refused and nothing is kept); a GET that declares `writes` may write', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    const insert = (name: string) =>
      t.database.db
        .insert(candidates)
        .values({ organisationId: orgA.id, name, email: `${name.toLowerCase().replace(/ /g, '-')}@example.test` });
    await app.register(
      publicOrganisationScope(
        async (routes) => {
          routes.get('/read/:token', async () => {
            const [row] = (
              (await t.database.db.execute(sql`select current_setting('transaction_read_only') as read_only`)) as unknown as {
                rows: { read_only: string }[];
              }
            ).rows;
            return row;
          });
          routes.get('/sneaky/:token', async () => {
            await insert('Written by a GET');
            return { ok: true };
          });
          routes.get('/declared/:token', { config: { writes: true } }, async () => {
            await insert('Written by a declared GET');
            return { ok: true };
          });
          routes.post('/write/:token', async () => {
            const [row] = (
              (await t.database.db.execute(sql`select current_setting('transaction_read_only') as read_only`)) as unknown as {
                rows: { read_only: string }[];
              }
            ).rows;
            return row;
          });
        },
        { inOrganisation: t.database.inOrganisation, organisationOf: async () => orgA.id },
      ),
    );
    try {
      expect((await app.inject({ method: 'GET', url: '/read/a' })).json()).toEqual({ read_only: 'on' });
      expect((await app.inject({ method: 'POST', url: '/write/a' })).json()).toEqual({ read_only: 'off' });
      const sneaky = await app.inject({ method: 'GET', url: '/sneaky/a' });
      expect(sneaky.statusCode).toBe(500);
      expect(await t.database.db.select().from(candidates).where(eq(candidates.name, 'Written by a GET'))).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/declared/a' })).statusCode).toBe(200);
      expect(
        await t.database.db.select({ name: candidates.name }).from(candidates).where(eq(candidates.name, 'Written by a declared GET')),
      ).toEqual([{ name: 'Written by a declared GET' }]);
      // Many GETs in a row: each read-only transaction's connection goes back to the pool after its COMMIT.
      for (let i = 0; i < 30; i++) expect((await app.inject({ method: 'GET', url: '/read/a' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    await t.database.db.delete(candidates).where(eq(candidates.name, 'Written by a declared GET'));
  });

  it('rolls back everything the work wrote when it throws; what waits for the commit never runs', async () => {
    let ran = false;
    const failure = await t.database
      .inOrganisation(orgA.id, async () => {
        await t.database.db.insert(candidates).values({ organisationId: orgA.id, name: 'Rolled back', email: 'rolled-back@example.test' });
        void afterCommit(() => {
          ran = true;
        });
        throw new Error('the handler failed');
      })
      .then(
        () => undefined,
        (e: Error) => e.message,
      );
    expect(failure).toBe('the handler failed');
    expect(ran).toBe(false);
    expect(await t.database.db.select().from(candidates).where(eq(candidates.name, 'Rolled back'))).toEqual([]);
  });

  it('runs what waits for a rollback when the work throws and when the COMMIT fails, and never after a commit', async () => {
    const ran: string[] = [];
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'committed',
        (e: Error) => causeOf(e).code ?? e.message,
      );
    expect(
      await outcome(
        t.database.inOrganisation(orgA.id, async () => {
          afterRollback(() => void ran.push('threw'));
          throw new Error('the handler failed');
        }),
      ),
    ).toBe('the handler failed');
    // A deferred foreign key is checked at COMMIT: the work succeeds, the COMMIT fails.
    expect(
      await outcome(
        t.database.inOrganisation(orgA.id, async () => {
          await t.database.db.execute(
            sql`create temp table commit_fails (id int primary key, ref int references commit_fails (id) deferrable initially deferred) on commit drop`,
          );
          await t.database.db.execute(sql`insert into commit_fails values (1, 2)`);
          afterRollback(() => void ran.push('commit failed'));
        }),
      ),
    ).toBe('23503');
    expect(
      await outcome(
        t.database.inOrganisation(orgA.id, async () => {
          afterRollback(() => void ran.push('committed'));
        }),
      ),
    ).toBe('committed');
    expect(ran).toEqual(['threw', 'commit failed']);

    // A new file's bytes, written before its row: removed again when the transaction rolls back, kept when it commits.
    const root = await mkdtemp(path.join(tmpdir(), 'hireloop-rollback-'));
    try {
      const storage = createLocalStorage(root);
      const write = (key: string, fail: boolean) =>
        outcome(
          t.database.inOrganisation(orgA.id, async () => {
            await putNewBytes(storage, key, Buffer.from('%PDF-1.4'), 'application/pdf');
            if (fail) throw new Error('the change failed');
          }),
        );
      expect(await write('candidates/rolled-back.pdf', true)).toBe('the change failed');
      expect(await write('candidates/kept.pdf', false)).toBe('committed');
      expect(await storage.get('candidates/rolled-back.pdf')).toBeNull();
      expect(await storage.get('candidates/kept.pdf')).not.toBeNull();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('runs what waits for the commit after it, outside the transaction; a query the work left behind goes to the pool', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let late: Promise<string> | undefined;
    let leftBehind: Promise<string> | undefined;
    await t.database.inOrganisation(orgA.id, async () => {
      await t.database.db.insert(candidates).values({ organisationId: orgA.id, name: 'Committed', email: 'committed@example.test' });
      void afterCommit(() => {
        // Another connection sees the committed row.
        late = t.database.db
          .select({ name: candidates.name })
          .from(candidates)
          .where(eq(candidates.name, 'Committed'))
          .then((r) => r.map((c) => c.name).join());
      });
      // Started inside, run once the transaction has finished: on the pool, as the connection's own role.
      leftBehind = gate
        .then(() => t.database.db.execute(sql`select current_user as who`))
        .then((r) => (r as unknown as { rows: { who: string }[] }).rows[0]!.who);
    });
    expect(await late).toBe('Committed');
    release();
    expect(await leftBehind).not.toBe('hireloop_app');
  });

  it('removes a replaced file’s bytes only once the organisation transaction has committed', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'hireloop-rls-'));
    try {
      const storage = createLocalStorage(root);
      const files = createFileService(t.database.db, storage);
      const stored = async (key: string) => {
        const object = await storage.get(key);
        object?.stream.destroy();
        return object !== null;
      };
      await storage.put('organisations/kept.png', Buffer.from('kept'), 'image/png');
      await storage.put('organisations/gone.png', Buffer.from('gone'), 'image/png');
      // Rolled back: the row would come back, so the bytes stay.
      await t.database
        .inOrganisation(orgA.id, async () => {
          await files.discard(['organisations/kept.png']);
          throw new Error('the handler failed');
        })
        .catch(() => undefined);
      expect(await stored('organisations/kept.png')).toBe(true);
      // Committed: gone by the time the work's result is back.
      await t.database.inOrganisation(orgA.id, async () => {
        await files.discard(['organisations/gone.png']);
        expect(await stored('organisations/gone.png')).toBe(true);
      });
      expect(await stored('organisations/gone.png')).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('a scoped request cannot show a row of another organisation even when a join names none: an application pointing at another organisation’s candidate', async () => {
    // A broken row no code writes (the foreign key only checks that the candidate exists).
    await t.database.db
      .insert(applications)
      .values({ organisationId: orgA.id, candidateId: candidateB.id, recruitmentId: recruitmentA, statusId: statusA, boardPosition: 99 });
    const client = await signIn(t, owner);
    const res = await client.get(`organisation/${orgA.id}/recruitments/${recruitmentA}/applications`);
    expect(res.status, res.text).toBe(200);
    expect(res.text).toContain('Ada of A');
    expect(res.text).not.toContain('Barbara of B');
  });
});
