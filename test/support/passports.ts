// Shared setup of the passport HTTP tests: one harness per dialect, fixtures and short calls.
import assert from 'node:assert/strict';
import { call, seedTenant, type Harness, type Tenant } from './harness.js';
import { fixture, type FixtureName } from './dpp-fixtures.js';
import { verifyGs1Prefix } from '../../src/cli/commands.js';
import { computeCheckDigit } from '../../src/features/dpp/gs1.js';

export { fixture, FIXTURES, type FixtureName } from './dpp-fixtures.js';

let counter = 0;

/** A fixture with a serial unique to this run, so suites sharing a PostgreSQL database never collide. */
export function uniqueFixture(name: FixtureName, tag = 'T'): ReturnType<typeof fixture> {
  const input = fixture(name);
  input.serial =
    `${tag}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
  return input;
}

/** organization id → the GS1 company prefix verified for it by ownPrefix */
const prefixes = new Map<string, string>();

/** A random 9-digit company prefix (the fixtures' own, 426012345, can belong to one organization only). */
const randomPrefix = () =>
  `9${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;

/** The same GTIN (length, indicator digit, item reference) under another company prefix, with its check digit. */
export function underPrefix(gtin: string, prefix: string): string {
  const g14 = gtin.padStart(14, '0');
  const body = g14[0] + prefix + g14.slice(1 + prefix.length, 13);
  return (body + computeCheckDigit(body)).slice(14 - gtin.length);
}

/** Registers and verifies (as the operator, through the CLI command) a company prefix of the tenant's own. */
export async function ownPrefix(h: Harness, t: Tenant): Promise<string> {
  let prefix = prefixes.get(t.organizationId);
  if (!prefix) {
    prefix = randomPrefix();
    await verifyGs1Prefix(h.db, h.config, t.organizationId, prefix);
    prefixes.set(t.organizationId, prefix);
  }
  return prefix;
}

/** A tenant that may publish: it owns a verified prefix, and createPassport moves fixtures under it. */
export async function publisher(h: Harness, plan?: Parameters<typeof seedTenant>[1]): Promise<Tenant> {
  const t = await seedTenant(h, plan);
  await ownPrefix(h, t);
  return t;
}

/**
 * POST /v1/dpp. For a publisher tenant, a fixture's GTIN is first moved (in place, so the caller's
 * input object shows the GTIN actually used) under the tenant's own verified prefix.
 */
export async function createPassport(h: Harness, t: Tenant, body: unknown) {
  const prefix = prefixes.get(t.organizationId);
  const input = body as { gtin?: unknown };
  if (
    prefix &&
    typeof input?.gtin === 'string' &&
    /^[0-9]{13,14}$/.test(input.gtin) &&
    !input.gtin.padStart(14, '0').startsWith(prefix, 1)
  ) {
    input.gtin = underPrefix(input.gtin, prefix);
  }
  const res = await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body });
  assert.equal(res.statusCode, 201, res.body.slice(0, 800));
  return res.json.data;
}

export async function publish(h: Harness, t: Tenant, id: string) {
  const res = await call(h, { method: 'POST', url: `/v1/dpp/${id}/publish`, tenant: t });
  assert.equal(res.statusCode, 200, res.body.slice(0, 800));
  return res.json.data;
}

/** A tenant with one published passport of the given fixture. */
export async function publishedPassport(h: Harness, name: FixtureName, t?: Tenant) {
  const tenant = t ?? (await publisher(h));
  await ownPrefix(h, tenant);
  const input = uniqueFixture(name);
  const created = await createPassport(h, tenant, input);
  const passport = await publish(h, tenant, created.id);
  return { tenant, input, passport };
}

/** The anchor of a battery's serial level: GTIN and serial, never the lot (RES 2.5.9 rule 2). */
export const serialAnchor = (p: { gtin: string; serial: string }, base = 'http://qrs.test') =>
  `${base}/01/${p.gtin}/21/${encodeURIComponent(p.serial)}`;

/** The path (and query) of an absolute URL, for app.inject. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** POST and publish a model passport (the GTIN level) of a passport's GTIN, from its public data. */
export async function publishedModel(
  h: Harness,
  t: Tenant,
  passport: { gtin: string; category: string; data: unknown },
) {
  const { filterData } = await import('../../src/features/dpp/dpp.public-view.js');
  const body = { gtin: passport.gtin, category: passport.category, data: filterData(passport.data, 'public') };
  const res = await call(h, { method: 'POST', url: '/v1/dpp-models', tenant: t, body });
  assert.equal(res.statusCode, 201, res.body.slice(0, 800));
  const published = await call(h, { method: 'POST', url: `/v1/dpp-models/${res.json.data.id}/publish`, tenant: t });
  assert.equal(published.statusCode, 200, published.body.slice(0, 800));
  return published.json.data;
}
