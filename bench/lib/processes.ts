import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Every child the bench starts, so that one `finally` can end whatever is still running. */
const running = new Set<ChildProcess>();

export type Child = {
  process: ChildProcess;
  pid: number;
  /** The last few KB of stdout and stderr, for error messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<string>;
};

const OUTPUT_TAIL = 8192;

export function startChild(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Child {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${command} ${args.join(' ')}`);
  running.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(signal ?? String(code));
    });
  });
  return { process: child, pid: child.pid, output: () => tail, exited };
}

/** SIGTERM, then SIGKILL if the process has not exited within `graceMs`. Resolves once it has exited. */
export async function stopChild(child: Child, graceMs = 15_000): Promise<string> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return child.exited;
  child.process.kill('SIGTERM');
  const outcome = await Promise.race([child.exited, sleep(graceMs, 'timeout' as const)]);
  if (outcome !== 'timeout') return outcome;
  child.process.kill('SIGKILL');
  return child.exited;
}

/** Ends every child still running (used in `finally` and on Ctrl-C). */
export async function stopAllChildren(): Promise<void> {
  await Promise.all(
    [...running].map((process) => {
      const exited = new Promise<void>((resolve) => process.once('exit', () => resolve()));
      process.kill('SIGTERM');
      const force = setTimeout(() => process.kill('SIGKILL'), 5_000);
      return exited.finally(() => clearTimeout(force));
    }),
  );
}

export { freePort } from '../../apps/server/src/lib/free-port.ts';

/**
 * Polls `url` every `everyMs` until it answers 200; resolves with the elapsed milliseconds since
 * `startedAt` (a performance.now() reading). Fails when the child exits or `timeoutMs` passes.
 */
export async function waitFor200(url: string, child: Child, startedAt: number, opts = { everyMs: 20, timeoutMs: 30_000 }): Promise<number> {
  const deadline = startedAt + opts.timeoutMs;
  let exited: string | undefined;
  void child.exited.then((code) => (exited = code));
  while (performance.now() < deadline) {
    if (exited !== undefined) throw new Error(`process exited (${exited}) before ${url} answered 200:\n${child.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await sleep(opts.everyMs);
  }
  throw new Error(`${url} did not answer 200 within ${opts.timeoutMs} ms:\n${child.output()}`);
}

/** Resolves with the first stdout line that starts with `{`, parsed (bounded by `timeoutMs`). */
export async function firstJsonLine(child: Child, timeoutMs: number): Promise<unknown> {
  const stdout = child.process.stdout;
  if (!stdout) throw new Error('child has no stdout');
  let buffered = '';
  return new Promise<unknown>((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, value?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stdout.off('data', onData);
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const json = lines.find((line) => line.startsWith('{'));
      if (json === undefined) return;
      try {
        settle(null, JSON.parse(json));
      } catch (error) {
        settle(error as Error);
      }
    };
    const timer = setTimeout(() => settle(new Error(`no JSON line within ${timeoutMs} ms:\n${child.output()}`)), timeoutMs);
    stdout.on('data', onData);
    void child.exited.then((code) => settle(new Error(`process exited (${code}) before printing a JSON line:\n${child.output()}`)));
  });
}

/** Resident set size of a process in bytes, from /proc/<pid>/status (Linux only). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/**
 * The managed database server's processes (DATA_DIR/postgres): pg_ctl starts the server as a
 * session leader, so they are the processes of the session its postmaster.pid names.
 */
export async function databaseServerPids(dataDir: string): Promise<number[]> {
  const leader = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[3]) === leader && fields[0] !== 'Z') pids.push(Number(entry));
  }
  return pids;
}

/** Rss and Pss (shared pages divided among the processes sharing them) of processes together. */
export async function memoryOf(pids: number[]): Promise<{ rss: number; pss: number }> {
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
    rss += Number(/^Rss:\s+(\d+) kB$/m.exec(rollup)?.[1] ?? 0) * 1024;
    pss += Number(/^Pss:\s+(\d+) kB$/m.exec(rollup)?.[1] ?? 0) * 1024;
  }
  return { rss, pss };
}
