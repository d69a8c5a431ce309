// The browser tests' server: a fresh DATA_DIR each run (Playwright's webServer command). A managed
// database server left running there by a killed run is stopped before its folder is removed.
import { rm } from 'node:fs/promises';
import { stopLeftoverServer } from '../apps/server/src/db/managed-postgres.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is not set');
await stopLeftoverServer(dataDir);
await rm(dataDir, { recursive: true, force: true });
// The built server, as `npm start` runs it (a path in a variable: TypeScript does not look for its types).
const entry = '../apps/server/dist/main.js';
await import(entry);
