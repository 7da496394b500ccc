import { loadConfig } from './config/load-config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp, warmUp } from './app.js';

const config = loadConfig();
const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
await migrateToLatest(db);
const app = await buildApp(config, { db });
// A worker (docs/decisions.md D32) starts its job runner and listens nowhere.
if (config.role === 'worker') {
  await app.ready();
  // The runner's timer does not hold the process open (tests close apps without it): this does.
  setInterval(() => undefined, 3_600_000);
  app.log.info({ role: config.role }, 'worker running background jobs');
} else {
  await warmUp(app);
  await app.listen({ port: config.port, host: config.host });
}

// SIGHUP reads the geolocation database again (a newer file put in place), without a restart
// (docs/decisions.md D79).
process.on('SIGHUP', () => {
  app.deps.geo.reload().then(
    (info) => app.log.info({ geoip: info.files }, 'geolocation database reloaded'),
    (err: unknown) => app.log.error({ err }, 'geolocation database not reloaded; the loaded one stays'),
  );
});

// Graceful shutdown: stop accepting, let in-flight requests finish, flush buffers (onClose), close the database.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      await db.destroy();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  });
}
