// Shared setup of the passport HTTP tests: one harness per dialect, fixtures and short calls.
import assert from 'node:assert/strict';
import { call, seedTenant, type Harness, type Tenant } from '../support/harness.js';
import { fixture, type FixtureName } from '../dpp/helpers.js';

export { fixture, FIXTURES, type FixtureName } from '../dpp/helpers.js';

let counter = 0;

/** A fixture with a serial unique to this run, so suites sharing a PostgreSQL database never collide. */
export function uniqueFixture(name: FixtureName, tag = 'T'): ReturnType<typeof fixture> {
  const input = fixture(name);
  input.serial = `${tag}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
  return input;
}

export async function createPassport(h: Harness, t: Tenant, body: unknown) {
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
  const tenant = t ?? (await seedTenant(h));
  const input = uniqueFixture(name);
  const created = await createPassport(h, tenant, input);
  const passport = await publish(h, tenant, created.id);
  return { tenant, input, passport };
}

/** The path (and query) of an absolute URL, for app.inject. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
