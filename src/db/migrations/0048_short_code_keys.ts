import { sql, type Kysely } from 'kysely';

// docs/decisions.md D59: a short code is taken ignoring case. Every name a code answers to (its
// short code and its aliases) claims its lower-case key here, one primary key for both tables, so
// two tenants racing for `Spring-Sale` and `spring-sale` cannot both win on either database.
// Names that are already case-twins keep working: the key goes to the oldest code (the smallest
// ULID), the others keep their exact names and no new twin can be made.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('short_code_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('code_id', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into short_code_keys (key, code_id)
    select k, min(code_id) from (
      select lower(short_code) as k, id as code_id from codes where short_code is not null
      union all
      select lower(short_code) as k, code_id from code_aliases
    ) names group by k`.execute(db);
  // For handing a key on when an alias goes and a legacy twin of another code remains.
  await db.schema
    .createIndex('codes_short_code_key_idx')
    .on('codes')
    .expression(sql`lower(short_code)`)
    .execute();
  await db.schema
    .createIndex('code_aliases_short_code_key_idx')
    .on('code_aliases')
    .expression(sql`lower(short_code)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('code_aliases_short_code_key_idx').execute();
  await db.schema.dropIndex('codes_short_code_key_idx').execute();
  await db.schema.dropTable('short_code_keys').execute();
}
