import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Migration } from 'kysely';
import { openDatabase, type DB } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import type { Dialect } from './harness.js';

/**
 * Runs `fn` on an empty database of the dialect with a migrator of our migrations, for tests that
 * migrate to a point, seed old-shaped rows and migrate on. On PostgreSQL a database of its own: a
 * schema of its own, dropped at the end, failed another process's migrator, which lists every
 * schema's tables.
 */
export async function withMigrationDatabase(
  dialect: Dialect,
  fn: (db: DB, migrator: Migrator) => Promise<void>,
): Promise<void> {
  const name = `qrs_mig_${randomBytes(4).toString('hex')}`;
  let admin: DB | undefined;
  let url = dialect.url;
  if (dialect.name === 'postgres') {
    admin = openDatabase(url);
    await sql`create database ${sql.id(name)}`.execute(admin);
    const u = new URL(url);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const db = openDatabase(url);
  try {
    await fn(
      db,
      new Migrator({ db, provider: { getMigrations: async () => migrations as Record<string, Migration> } }),
    );
  } finally {
    await db.destroy();
    if (admin) {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    }
  }
}
