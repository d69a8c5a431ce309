import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, runtimeProblem } from './runtime.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const major = (version: string) => Number(version.replace(/^[^\d]*/, '').split('.')[0]);

/** A Node.js older than the minimum on PATH outside the project (the machine's own), if there is one. */
function olderSystemNode(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    const candidate = path.join(dir, 'node');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (runtimeProblem(version)) return candidate;
  }
  return null;
}

describe('the Node.js runtime', () => {
  it('refuses versions before the minimum, in one line that says what to run', () => {
    for (const old of ['20.20.2', 'v22.12.0', '24.10.9', '18.0.0']) {
      const problem = runtimeProblem(old);
      expect(problem, old).toMatch(/^Node\.js v[\d.]+ is too old: .*npm start/);
      expect(problem).not.toContain('\n');
    }
    for (const ok of [MINIMUM_NODE, '24.21.0', 'v25.0.0', '26.10.0']) expect(runtimeProblem(ok), ok).toBeNull();
  });

  it('is the one the project installs: the tests themselves run on it', () => {
    expect(runtimeProblem(process.versions.node)).toBeNull();
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE}`);
    expect(major(pkg.devDependencies.node)).toBe(major(MINIMUM_NODE));
    expect(major(readFileSync(path.join(root, '.node-version'), 'utf8').trim())).toBe(major(MINIMUM_NODE));
    // Types of the same major as the runtime, not of a newer one.
    expect(major(pkg.devDependencies['@types/node'])).toBe(major(MINIMUM_NODE));
  });

  const older = olderSystemNode();
  it.skipIf(!older)(
    `the server started on an older Node.js (${older ?? 'none on PATH'}) stops with that one line, no stack trace`,
    async () => {
      // The entry point as the build makes it (an older Node cannot read TypeScript), the server left out.
      const dir = await mkdtemp(path.join(tmpdir(), 'hireloop-entry-'));
      try {
        await build({
          entryPoints: [path.join(root, 'apps/server/src/main.ts')],
          outfile: path.join(dir, 'main.js'),
          bundle: true,
          platform: 'node',
          format: 'esm',
          external: ['./serve.ts'],
          logLevel: 'silent',
        });
        const run = spawnSync(older!, [path.join(dir, 'main.js')], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '' },
          timeout: 30_000,
        });
        expect(run.status).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(/^hireloop: Node\.js v\d+\.\d+\.\d+ is too old: .*\n$/);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
