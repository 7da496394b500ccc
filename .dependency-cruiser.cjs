// The layering of src/ as rules; docs/architecture.md explains each one and lists the same names
// (test/structure/dependency-rules.test.ts keeps the two in step). Run: npm run lint:deps
/** the process entries: they wire everything and nothing may depend on them */
const ENTRY = '^src/(server|app|job-worker)[.]ts$|^src/(cli|config)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'http-not-to-features',
      comment:
        'src/http holds cross-cutting plugins that know no feature; features hand them what they need as plugin options (e.g. the principal resolver).',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'db-not-to-http',
      comment: 'The database layer is below HTTP: tables the plugins use (idempotency keys) live in src/db.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/http/' },
    },
    {
      name: 'qr-is-pure',
      comment:
        'src/qr turns text into SVG/PNG/PDF/EPS and nothing else: no HTTP, database, features or shared app types; only src/lib besides itself.',
      severity: 'error',
      from: { path: '^src/qr/' },
      to: { path: '^src/', pathNot: '^src/(qr|lib)/' },
    },
    {
      name: 'features-not-to-entry',
      comment:
        'Features receive Config and Deps from src/platform; the process entry (server, app, job worker, the config loader in src/config, cli) composes them and is imported by nobody.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: ENTRY },
    },
    {
      name: 'features-through-public-module',
      comment:
        "A feature uses another only through that feature's public module (its index.ts), so a change to one feature's tables, repository or helpers cannot silently change another: what crosses is listed in one place.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index[.]ts$'] },
    },
    {
      name: 'no-feature-cycles',
      comment:
        'Features form a hierarchy: no feature reaches itself again through others (scans → analytics, never back). Checked on folders, as a cycle through public modules (index.ts) is seldom a cycle of modules; src/db/schema.ts, which composes every feature table, is not followed (see options), so the sanctioned db → *.table.ts edges make no folder cycle.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/features/([^/]+)' },
      to: { path: '^src/features/', pathNot: '^src/features/$1(/|$)', circular: true },
    },
    {
      name: 'migrations-no-app-code',
      comment:
        'A migration is frozen history: it may not change because app code did, so it imports nothing from src/ outside src/db/migrations (kysely and npm packages only).',
      severity: 'error',
      from: { path: '^src/db/migrations/' },
      to: { path: '^src/', pathNot: '^src/db/migrations/' },
    },
    {
      name: 'lower-layers-not-to-entry',
      comment: 'Like features, http, db, lib, qr and platform never import the process entry.',
      severity: 'error',
      from: { path: '^src/(http|db|lib|qr|platform)/' },
      to: { path: ENTRY },
    },
    {
      name: 'platform-is-shared-types',
      comment:
        "The files at the top of src/platform are the types and ports every layer shares (Config, plans, Deps, scan consumers); they sit below http and may use only db, lib and platform (the interfaces of its services, such as storage's BlobStore).",
      severity: 'error',
      from: { path: '^src/platform/[^/]+$' },
      to: { path: '^src/', pathNot: '^src/(platform|db|lib)/' },
    },
    {
      name: 'platform-not-to-features',
      comment:
        "src/platform/<name>/ is infrastructure every feature may use (job queue, outbox, mail, metrics, health, docs, web app, storage): it knows no feature, so a feature's change never reaches it. What it needs from features comes through a port in src/platform/*.ts that the composition root (src/features/index.ts, src/app.ts) fills.",
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'http-not-to-platform-services',
      comment:
        "src/http's plugins sit below the infrastructure in src/platform/<name>/ (which registers routes through src/http): http may use the shared types at the top of src/platform, not a service folder.",
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/platform/[^/]+/' },
    },
    {
      name: 'lib-is-leaf',
      comment: 'src/lib holds small helpers (clock, ids, html) with no knowledge of the app.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'http-no-circular',
      comment:
        'The HTTP plugins form a tree: a cycle would make their registration order matter in ways nobody wrote down.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves to a file or an installed package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // src/db/schema.ts only composes the features' table types for Kysely: following it would put
    // src/db into a folder cycle with every feature that has a table (no-feature-cycles).
    doNotFollow: { path: ['node_modules', '^src/db/schema[.]ts$'] },
    // type-only imports count: they tie layers together as much as value imports do
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
