import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWN_FOREIGN_WRITES, TABLE_OWNERS, WRITES_ANY_TABLE } from './table-owners.ts';
import { tablesDefinedIn, tableWritesIn, type TableWrite } from './table-writes.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const schema = new Map(
  sourceFiles(path.join(src, 'db', 'schema')).map((file) => [relative(file), tablesDefinedIn(file, readFileSync(file, 'utf8'))]),
);
const tables = [...schema.values()].flatMap((t) => [...t.values()]);
const writes = sourceFiles(src).flatMap((file) =>
  tableWritesIn(relative(file), readFileSync(file, 'utf8'), schema).map((w) => ({ ...w, file: relative(file) })),
);

const isOwner = (file: string, table: string) => {
  const owner = TABLE_OWNERS[table];
  return owner !== undefined && (file === owner || file.startsWith(`${owner}/`));
};
const listed = (file: string, table: string | null) => KNOWN_FOREIGN_WRITES.some((k) => k.file === file && k.table === table);
const describeWrite = (w: TableWrite & { file: string }) => `${w.file}:${w.line} ${w.how} ${w.table ?? '(a table named at run time)'}`;

/** docs/architecture.md §6: one owner per table; its files write it, other features ask its service. */
describe('table owners', () => {
  it('every table has exactly one owner, and every owner is a table of the schema and a path that exists', () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((t) => TABLE_OWNERS[t] === undefined)).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => !tables.includes(t))).toEqual([]);
    expect(Object.values(TABLE_OWNERS).filter((owner) => !existsSync(path.join(src, owner)))).toEqual([]);
  });

  it('sees the owners’ own writes (the scan finds what it is looking for)', () => {
    const seen = (file: string, table: string) => writes.some((w) => w.file === file && w.table === table);
    expect(seen('features/auth/repository.ts', 'sessions')).toBe(true);
    expect(seen('db/job-runs.ts', 'job_runs')).toBe(true);
    expect(seen('features/onboardings/repository.ts', 'hire_tasks')).toBe(true); // raw SQL
  });

  it('only the owner writes a table (KNOWN_FOREIGN_WRITES aside, which only shrinks)', () => {
    const foreign = writes.filter(
      (w) => !WRITES_ANY_TABLE.includes(w.file) && (w.table === null || !isOwner(w.file, w.table)) && !listed(w.file, w.table),
    );
    expect(
      foreign.map(describeWrite),
      'Write through the owner’s service (docs/architecture.md §6 names each table’s owner; the map is db/table-owners.ts)',
    ).toEqual([]);
  });

  it('every entry of KNOWN_FOREIGN_WRITES is still needed (remove an entry once its write has moved)', () => {
    const stale = KNOWN_FOREIGN_WRITES.filter((k) => !writes.some((w) => w.file === k.file && w.table === k.table));
    expect(stale).toEqual([]);
    const owned = KNOWN_FOREIGN_WRITES.filter((k) => isOwner(k.file, k.table));
    expect(owned, 'these files own the table: no entry needed').toEqual([]);
    const unique = new Set(KNOWN_FOREIGN_WRITES.map((k) => `${k.file} ${k.table}`));
    expect(unique.size).toBe(KNOWN_FOREIGN_WRITES.length);
  });

  it('every file of WRITES_ANY_TABLE exists and writes', () => {
    expect(WRITES_ANY_TABLE.filter((file) => !writes.some((w) => w.file === file))).toEqual([]);
  });
});

describe('tableWritesIn', () => {
  const users = new Map([
    [
      'db/schema/users.ts',
      new Map([
        ['users', 'users'],
        ['sessions', 'sessions'],
      ]),
    ],
  ]);
  const found = (code: string, file = 'features/x/repository.ts') =>
    tableWritesIn(file, code, users).map((w) => `${w.how} ${w.table ?? '?'}`);

  it('finds Drizzle writes to imported tables, also renamed or through a namespace', () => {
    const code = `
      import { users as people, sessions } from '../../db/schema/users.ts';
      import * as schema from '../../db/schema/users.ts';
      await db.insert(people).values({});
      await tx.update(sessions).set({}).where(x);
      await db.delete(schema.sessions);
      await db.transaction((tx) => tx.delete(people).returning());`;
    expect(found(code)).toEqual(['.insert() users', '.update() sessions', '.delete() sessions', '.delete() users']);
  });

  it('resolves the schema path relative to the file', () => {
    expect(found(`import { users } from './schema/users.ts'; db.insert(users);`, 'db/seed.ts')).toEqual(['.insert() users']);
    expect(found(`import { users } from './schema/users.ts'; db.insert(users);`, 'features/x/repository.ts')).toEqual([]);
  });

  it('ignores reads, locks and calls of the same names on other things', () => {
    const code = `
      import { users } from '../../db/schema/users.ts';
      db.select().from(users).for('update');
      cache.delete(users.id);
      seen.delete(key);
      createHash('sha256').update(value);
      sql\`select * from users for update skip locked\`;
      sql\`select 1 from sessions for no key update\`;
      sql\`alter table x add foreign key (a) references users on delete cascade on update cascade\`;`;
    expect(found(code)).toEqual([]);
  });

  it('finds raw SQL writes in sql templates, a table placeholder standing for its table', () => {
    const code = `
      import { users } from '../../db/schema/users.ts';
      sql\`insert into sessions (id) values (\${id}) on conflict (id) do update set at = now()\`;
      sql\`UPDATE "users" SET name = \${name}\`;
      sql\`with gone as (delete from only public.sessions where id = \${id} returning 1) select 1\`;
      sql\`update \${users} set name = \${name}\`;
      sql\`insert into \${sql.raw(table)} select 1\`;`;
    expect(found(code)).toEqual([
      'sql insert into sessions',
      'sql update users',
      'sql delete from sessions',
      'sql update users',
      'sql insert into ?',
    ]);
  });
});
