/**
 * Traffic as campaigns send it, shared by the scan benchmarks: 2,000 codes of one enterprise
 * organization, drawn from a Zipf distribution or uniformly, with rotating user agents (one a bot),
 * referrers, countries, languages and 50,000 client addresses, from a seeded generator so every run
 * offers the same requests. The servers must trust one proxy hop and read `cf-ipcountry`.
 */
import type { Request } from 'autocannon';
import type { DB } from '../src/db/database.js';
import { buildApp } from '../src/app.js';
import { benchTenant } from './redirect-servers.js';

export const CODES = 2_000;

export const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];
export const REFERRERS = [
  '',
  'https://www.google.com/',
  'https://news.example.org/a',
  'https://t.co/x',
  'https://www.instagram.com/',
  'https://mail.example.com/',
];
export const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'IT', 'ES', 'NL', 'PL', 'AT', 'CH', 'SE', 'JP'];
export const LANGUAGES = ['de-DE,de;q=0.9', 'en-US,en;q=0.8', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL'];
export const ADDRESSES = 50_000;
export const address = (a: number) => `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;

/** A deterministic generator, so every run offers the same traffic. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Zipf (s = 1) over n ranks by inverse CDF. */
export function zipf(n: number, rnd: () => number) {
  const cdf: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) cdf.push((sum += 1 / k));
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export async function seed(databaseUrl: string) {
  const { config, db, t } = await benchTenant(databaseUrl);
  const app = await buildApp({ ...config, scanJournal: { dir: null, syncMs: 1_000 } }, { db, logger: false });
  const codes: string[] = [];
  for (let i = 0; i < CODES; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/codes',
      headers: { authorization: `Bearer ${t.api_key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'url', url: `https://example.com/landing/${i}` }),
    });
    codes.push((res.json().data as { short_code: string }).short_code);
  }
  await app.close();
  return { db, codes, workspaceId: t.workspace_id, apiKey: t.api_key };
}

/** autocannon's setupRequest: one visitor's redirect to a code drawn by `pick`. */
export function visitorRequest(codes: string[], pick: () => number, rnd: () => number) {
  return (req: Request): Request => {
    const i = Math.floor(rnd() * 1e9);
    const referer = REFERRERS[i % 6];
    return {
      ...req,
      path: `/r/${codes[pick()]}`,
      headers: {
        'user-agent': AGENTS[i % 6],
        'accept-language': LANGUAGES[(i >> 3) % 6],
        'cf-ipcountry': COUNTRIES[(i >> 6) % 12],
        'x-forwarded-for': address(i % ADDRESSES),
        ...(referer ? { referer } : {}),
      },
    };
  };
}

export const rowsOf = async (db: DB, workspaceId: string) =>
  Number(
    (
      await db
        .selectFrom('scans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Leaves no benchmark rows behind in a shared database. */
export async function cleanup(db: DB, workspaceId: string) {
  const codes = db.selectFrom('codes').select('id').where('workspace_id', '=', workspaceId);
  await db.deleteFrom('scans').where('workspace_id', '=', workspaceId).execute();
  await db.deleteFrom('scan_rollups').where('code_id', 'in', codes).execute();
  await db.deleteFrom('scan_visitors').where('scope_id', 'in', codes).execute();
  await db.deleteFrom('scan_visitors').where('scope_id', '=', workspaceId).execute();
  await db.deleteFrom('workspace_rollups').where('workspace_id', '=', workspaceId).execute();
}

/** autocannon's setupRequest: one visitor's redirects to one code, as the one-code target measures. */
export function oneVisitorRequest(code: string) {
  const headers = {
    'user-agent': AGENTS[0],
    'accept-language': LANGUAGES[0],
    'cf-ipcountry': COUNTRIES[0],
    'x-forwarded-for': address(1),
  };
  return (req: Request): Request => ({ ...req, path: `/r/${code}`, headers });
}
