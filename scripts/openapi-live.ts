import { loadConfig } from '../src/config/load-config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/app.js';

/**
 * The document exactly as GET /openapi.json serves it, from an app on in-memory SQLite with the
 * default configuration, so it does not depend on the caller's env. BASE_URL is a reserved test
 * domain rather than the default localhost, which Redocly rightly flags in a published document.
 */
export async function liveOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig(
    { NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', BASE_URL: 'https://qrs.test' } as NodeJS.ProcessEnv,
    { logLevel: 'silent' },
  );
  const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
  await migrateToLatest(db);
  // A fixed clock: example deadlines follow it (docs/decisions.md D34), and the SDK's types generated
  // from this document must not change from one day to the next.
  const clock = { now: () => new Date('2026-03-14T09:26:53.000Z') };
  const app = await buildApp(config, { db, logger: false, clock });
  await app.ready();
  try {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    return res.json();
  } finally {
    await app.close();
    await db.destroy();
  }
}
