// Prints the service's OpenAPI document (the one /openapi.json serves) without a server or a
// database file, for generators and tools that want it as a file (the SDK types: scripts/sdk-types.ts).
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

const config = loadConfig({ ...process.env, DATABASE_URL: 'sqlite::memory:' }, { logLevel: 'silent' });
const db = openDatabase(config.databaseUrl);
await migrateToLatest(db);
const app = await buildApp(config, { db, logger: false });
await app.ready();
const res = await app.inject({ url: '/openapi.json' });
process.stdout.write(res.body);
await app.close();
await db.destroy();
