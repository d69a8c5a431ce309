/**
 * The one-way imports of DESIGN §3, checked on every `npm run lint`:
 * web → contract ← server; in the server routes → service → repository → db, and a feature's
 * repository is its own; in the web, features share only through components/ and lib/.
 */
module.exports = {
  forbidden: [
    { name: 'contract-is-a-leaf', severity: 'error', from: { path: '^packages/contract' }, to: { path: '^apps/' } },
    { name: 'web-not-server', severity: 'error', from: { path: '^apps/web' }, to: { path: '^apps/server' } },
    { name: 'server-not-web', severity: 'error', from: { path: '^apps/server' }, to: { path: '^apps/web' } },
    {
      name: 'login-bundle-loads-operations-lazily',
      comment:
        'The operations carry zod schemas; the start-up bundle (/login: main.tsx, app/, features/session/, features/auth/) imports them only with import() (docs/decisions/014-operations-in-the-contract.md).',
      severity: 'error',
      from: { path: '^apps/web/src/(main\\.tsx|app/|features/(session|auth)/)' },
      to: { path: '^packages/contract/src/operations/', pathNot: '^packages/contract/src/operations/path\\.ts$', dynamic: false },
    },
    {
      name: 'repository-is-private-to-its-feature',
      comment: 'Only files of the same feature import a repository; others call its service.',
      severity: 'error',
      from: { path: '^apps/server/src/(?!features/([^/]+)/)', pathNot: '^apps/server/(test|src/db)/' },
      to: { path: '^apps/server/src/features/[^/]+/repository\\.ts$' },
    },
    {
      name: 'no-cross-feature-repository',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: { path: '^apps/server/src/features/[^/]+/repository\\.ts$', pathNot: '^apps/server/src/features/$1/' },
    },
    {
      name: 'repository-does-not-call-up',
      severity: 'error',
      from: { path: '^apps/server/src/features/[^/]+/repository\\.ts$' },
      to: { path: '^apps/server/src/(features/[^/]+/(service|routes)|http)\\.?' },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'Only repositories (features/<feature>/repository.ts or another *repository*.ts of the feature) and db/ import drizzle-orm or db/schema (docs/architecture.md §3).',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/db/', '^apps/server/src/features/[^/]+/[^/]*repository[^/]*\\.ts$'],
      },
      to: { path: ['^apps/server/src/db/schema/', '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'db-is-the-bottom',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/(features|http|app)' },
    },
    {
      name: 'web-shared-does-not-import-features',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-are-independent',
      comment:
        'Web features share through components/ and lib/, not through each other. features/session (the signed-in user, current organisation and start-up data) is the one feature every screen builds on.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/session/'] },
    },
    {
      name: 'no-circular',
      comment: 'Drizzle table definitions may reference each other (users.current_organisation_id ↔ organisations).',
      severity: 'error',
      from: { pathNot: '^apps/server/src/db/schema/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in the graph as leaves (doNotFollow) so that sql-only-in-repositories sees drizzle-orm.
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
