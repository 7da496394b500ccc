import SQLite from 'better-sqlite3';
import pg from 'pg';

// What a test needs to watch a separate server process's writes: the rows and the counter of one
// code, read over a connection of the test's own; and a lock that makes the flush fall behind.

export type DialectName = 'sqlite' | 'postgres';

export async function countScans(dialect: DialectName, url: string, codeId: string) {
  if (dialect === 'sqlite') {
    const db = new SQLite(url.slice('sqlite:'.length), { readonly: true });
    try {
      const scans = db.prepare('select count(*) as n from scans where code_id = ?').get(codeId) as { n: number };
      const code = db.prepare('select scan_count as n from codes where id = ?').get(codeId) as { n: number };
      return { rows: scans.n, counted: code.n };
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const scans = await c.query('select count(*)::int as n from scans where code_id = $1', [codeId]);
    const code = await c.query('select scan_count::int as n from codes where id = $1', [codeId]);
    return { rows: scans.rows[0].n as number, counted: code.rows[0].n as number };
  } finally {
    await c.end();
  }
}

/** Another connection holds what the flush must write, until released: the database falls behind. */
export async function holdDatabase(dialect: DialectName, url: string): Promise<{ release(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const lock = new SQLite(url.slice('sqlite:'.length));
    lock.exec('BEGIN IMMEDIATE');
    return {
      async release() {
        lock.exec('ROLLBACK');
        lock.close();
      },
    };
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('BEGIN');
  await c.query('LOCK TABLE codes IN EXCLUSIVE MODE');
  return {
    async release() {
      await c.query('ROLLBACK');
      await c.end();
    },
  };
}
