import { sql, type Kysely } from 'kysely';
import { isPostgres } from './database.js';

/** Row lock for read-check-write sequences. SQLite serialises transactions on its one connection. */
export async function lockRow(db: Kysely<any>, table: string, id: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(db);
}
