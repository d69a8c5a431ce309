// Bundles the server into dist/main.js (workspace TypeScript included, npm packages left external)
// and copies the SQL migrations beside it.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import pkg from './package.json' with { type: 'json' };

const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@hireloop/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  // The development identity provider is a separate chunk, loaded only when used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
