import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations import nothing from the app (docs/architecture.md), so the dialect test they need
// lives here; src/db/database.ts re-exports it for the app rather than keeping a second copy.
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
