import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './database.js';
import { migrations } from './migrations/index.js';

// A static provider: no directory scanning, so it works the same under tsx, a bundler or tests.
const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
