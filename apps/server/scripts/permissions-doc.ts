// Writes docs/permissions.md (npm run docs:permissions).
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { renderPermissionsDoc } from '../src/features/permissions-doc.ts';

// The routes need an app, and an app needs a database: the managed server, in a scratch folder.
const database = await openDatabase({ dataDir: new URL('../../../.cache/docs-postgres', import.meta.url).pathname });
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
await app.ready();
await writeFile(new URL('../../../docs/permissions.md', import.meta.url), renderPermissionsDoc(app.apiRoutes));
await app.close();
await database.close();
