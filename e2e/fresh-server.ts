// The browser tests' server: a fresh DATA_DIR each run (Playwright's webServer command). A managed
// database server left running there by a killed run is stopped before its folder (and, as root,
// a cluster kept outside it) is removed.
import { removeDataDir } from '../apps/server/src/db/managed-postgres.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is not set');
await removeDataDir(dataDir);
// The built server, as `npm start` runs it (a path in a variable: TypeScript does not look for its types).
const entry = '../apps/server/dist/main.js';
await import(entry);
