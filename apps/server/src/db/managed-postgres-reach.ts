import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DatabaseUnavailableError } from './errors.ts';

/**
 * As root, the managed server runs as an unprivileged OS user (PostgreSQL refuses root), which
 * must reach its binaries and its cluster. A checkout or DATA_DIR inside a folder closed to that
 * user (root's home, any `mktemp -d` folder) is never opened for it; instead (decision 017):
 * - the binaries package's native folder is copied once (hard-linked where that is safe) into a
 *   root-owned cache, one per package version, written under a temporary name, checked by running
 *   its programs as that user, then renamed into place;
 * - a new cluster whose DATA_DIR that user cannot enter is kept in a root-owned folder per DATA_DIR,
 *   and DATA_DIR/postgres is a link to it, so a person finds it where the documentation says.
 * Not as root, none of this runs: everything stays in DATA_DIR.
 */

/** The server's OS user: it runs with this uid and gid only (Node drops supplementary groups). */
export type Owner = { uid: number; gid: number };
export type Binaries = { initdb: string; pg_ctl: string; postgres: string };

const BINARIES_CACHE = '/var/cache/hireloop/postgres';
export const CLUSTERS_HOME = '/var/lib/hireloop/clusters';
/** The file in a cluster's home that names the DATA_DIR it belongs to. */
const BELONGS_TO = 'DATA_DIR';

const run = promisify(execFile);

/** Whether `owner` can enter `folder` (every folder above it included), as the server would run. */
async function canEnter(folder: string, owner: Owner): Promise<boolean> {
  try {
    await run('test', ['-x', folder], { ...owner });
    return true;
  } catch {
    return false;
  }
}

/** `program --version` as `owner`; null when it cannot be run (a closed folder above it). */
async function versionAs(program: string, owner: Owner | null): Promise<string | null> {
  try {
    return (await run(program, ['--version'], { ...(owner ?? {}) })).stdout.replace(/^\S+ /, '').trim();
  } catch {
    return null;
  }
}

/**
 * Binaries `owner` can run: the package's own when it can reach them, else the cache's copy,
 * made on first need.
 */
export async function reachableBinaries(bin: Binaries, owner: Owner | null): Promise<Binaries> {
  if (owner === null || (await versionAs(bin.postgres, owner)) !== null) return bin;
  const native = path.dirname(path.dirname(bin.postgres));
  const pkg = JSON.parse(await readFile(path.join(native, '..', 'package.json'), 'utf8')) as { name: string; version: string };
  const cached = path.join(BINARIES_CACHE, `${pkg.name.replace(/^@[^/]+\//, '')}-${pkg.version}`);
  const moved = {
    initdb: path.join(cached, path.relative(native, bin.initdb)),
    pg_ctl: path.join(cached, path.relative(native, bin.pg_ctl)),
    postgres: path.join(cached, path.relative(native, bin.postgres)),
  };
  const expected = await versionAs(bin.postgres, null);
  if (expected !== null && (await versionAs(moved.postgres, owner)) === expected) return moved;
  try {
    await fillCache(bin, native, cached, owner, async () => expected !== null && (await versionAs(moved.postgres, owner)) === expected);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw error;
    throw new DatabaseUnavailableError(
      `As root, the database server runs as an unprivileged OS user, which cannot reach ${native}; copying its binaries to ${cached} failed (${(error as Error).message}). Start Hireloop from a checkout that user can reach, or as a normal user.`,
    );
  }
  return moved;
}

async function fillCache(bin: Binaries, native: string, cached: string, owner: Owner, answers: () => Promise<boolean>): Promise<void> {
  await mkdir(BINARIES_CACHE, { recursive: true, mode: 0o755 });
  if (!(await canEnter(BINARIES_CACHE, owner)))
    throw new DatabaseUnavailableError(
      `As root, the database server's OS user must reach ${BINARIES_CACHE}, and cannot: open the folders above it to it.`,
    );
  const partial = await mkdtemp(path.join(path.dirname(cached), `.${path.basename(cached)}.partial-`));
  try {
    await copyTree(native, partial);
    await chmod(partial, 0o755);
    for (const program of ['initdb', 'pg_ctl', 'postgres'] as const) {
      const copy = path.join(partial, path.relative(native, bin[program]));
      const [want, got] = await Promise.all([versionAs(bin[program], null), versionAs(copy, owner)]);
      if (want === null || got !== want) throw new Error(`the copy of ${program} answered "${got}", not "${want}"`);
    }
    // A start that filled it meanwhile wins (same content); a copy that does not answer goes first.
    if (existsSync(cached) && (await answers())) return;
    if (existsSync(cached)) await rename(cached, `${partial}.stale`);
    await rename(partial, cached).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
    await rm(`${partial}.stale`, { recursive: true, force: true });
  }
}

/**
 * Copies a folder keeping its symlinks. A root-owned file nobody else may write is hard-linked
 * (same bytes, same owner: nothing another user could change later); anything else is copied,
 * root's then, without write or set-id bits for others.
 */
async function copyTree(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else if (entry.isDirectory()) {
      await mkdir(target, { mode: 0o755 });
      await copyTree(source, target);
    } else if (entry.isFile()) {
      const own = await stat(source);
      const linked =
        own.uid === 0 &&
        (own.mode & 0o7022) === 0 &&
        (await link(source, target).then(
          () => true,
          () => false,
        ));
      if (!linked) {
        await copyFile(source, target);
        await chmod(target, own.mode & 0o755);
      }
    }
  }
}

/**
 * Chooses where `owner` keeps the cluster of DATA_DIR (`root`), once: a cluster already there (in
 * DATA_DIR or linked from it) stays; a new one goes in DATA_DIR/postgres when `owner` can enter
 * DATA_DIR, else in CLUSTERS_HOME/<name>-<hash of DATA_DIR's path>/postgres, linked from
 * DATA_DIR/postgres, with a file naming DATA_DIR beside it. No folder's permissions are changed.
 */
export async function placeCluster(root: string, owner: Owner): Promise<string> {
  const inData = path.join(root, 'postgres');
  const found = await lstat(inData).catch(() => null);
  if (found?.isSymbolicLink()) {
    const target = path.resolve(root, await readlink(inData));
    if (!existsSync(target))
      throw new DatabaseUnavailableError(
        `${inData} links to ${target}, which is gone: restore it, or remove the link to start with a new database.`,
      );
    return target;
  }
  if (found && (existsSync(path.join(inData, 'PG_VERSION')) || (await readdir(inData)).length > 0)) return inData;
  if (await canEnter(root, owner)) return inData;

  await mkdir(CLUSTERS_HOME, { recursive: true, mode: 0o755 });
  if (!(await canEnter(CLUSTERS_HOME, owner)))
    throw new DatabaseUnavailableError(
      `As root, the database server's OS user can enter neither DATA_DIR ${root} nor ${CLUSTERS_HOME}: choose a DATA_DIR it can reach, or open the folders above ${CLUSTERS_HOME} to it.`,
    );
  await removeOrphans();
  const real = await realpath(root);
  const name = path
    .basename(real)
    .replace(/[^\w.-]/g, '_')
    .slice(0, 40);
  const home = path.join(CLUSTERS_HOME, `${name}-${createHash('sha256').update(real).digest('hex').slice(0, 16)}`);
  // A home for this path without a link to it: a DATA_DIR that was deleted and made again. Its
  // cluster (if it got one) is kept aside, never removed; an empty start is.
  if (existsSync(home)) {
    if (existsSync(path.join(home, 'postgres', 'PG_VERSION')))
      await rename(home, `${home}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    else await rm(home, { recursive: true, force: true });
  }
  await mkdir(home, { mode: 0o755 });
  await writeFile(path.join(home, BELONGS_TO), `${real}\n`);
  if (found) await rmdir(inData);
  await symlink(path.join(home, 'postgres'), inData);
  return path.join(home, 'postgres');
}

/**
 * Homes kept for DATA_DIRs in the system's temporary folder that are gone (a test's, a killed
 * run's): the password went with DATA_DIR, so nothing can use them any more. One whose server may
 * still run (a postmaster.pid) is left alone.
 */
async function removeOrphans(): Promise<void> {
  const temporary = await realpath(tmpdir());
  for (const name of await readdir(CLUSTERS_HOME)) {
    const home = path.join(CLUSTERS_HOME, name);
    const belongsTo = (await readFile(path.join(home, BELONGS_TO), 'utf8').catch(() => '')).trim();
    if (!belongsTo.startsWith(`${temporary}/`) || existsSync(belongsTo)) continue;
    if (existsSync(path.join(home, 'postgres', 'postmaster.pid'))) continue;
    await rm(home, { recursive: true, force: true });
  }
}

/** The cluster's home outside DATA_DIR that DATA_DIR/postgres links to, if it has one; else null. */
export async function clusterHomeOutside(root: string): Promise<string | null> {
  const inData = path.join(root, 'postgres');
  if (!(await lstat(inData).catch(() => null))?.isSymbolicLink()) return null;
  const home = path.dirname(path.resolve(root, await readlink(inData)));
  if (path.dirname(home) !== CLUSTERS_HOME) return null;
  const belongsTo = (await readFile(path.join(home, BELONGS_TO), 'utf8').catch(() => '')).trim();
  return belongsTo === (await realpath(root).catch(() => root)) ? home : null;
}
