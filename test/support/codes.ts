import { call, type Harness, type Tenant } from './harness.js';

export async function createCode(
  h: Harness,
  t: Tenant | { headers: Record<string, string> },
  body: Record<string, unknown>,
) {
  const res =
    'auth' in t
      ? await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body })
      : await call(h, { method: 'POST', url: '/v1/codes', headers: t.headers, body });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json.data;
}

export async function auditOf(h: Harness, resourceId: string) {
  const rows = await h.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('resource_id', '=', resourceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) as Record<string, { old: unknown; new: unknown }> }));
}

export async function scan(
  h: Harness,
  shortCode: string,
  headers: Record<string, string> = {},
  opts: { method?: 'GET' | 'HEAD'; ip?: string } = {},
) {
  return h.app.inject({
    method: opts.method ?? 'GET',
    url: `/r/${shortCode}`,
    headers: { 'user-agent': UA.iphone, ...headers },
    remoteAddress: opts.ip ?? '203.0.113.7',
  });
}

/** How many scan rows a code has in the database (what "every redirect is a row" is checked against). */
export async function scanCount(h: Pick<Harness, 'db'>, codeId: string): Promise<number> {
  const row = await h.db
    .selectFrom('scans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('code_id', '=', codeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};
