// Shared test helpers for the passport core: fixtures, JSON pointer edits, validation assertions.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import type { Category, CreatePassport, Passport } from '../../src/features/dpp/dpp.contract.js';
import { validatePassport, type Issue } from '../../src/features/dpp/dpp.validate.js';
import { buildDigitalLink, normalizeGtin, uniqueIdentifier } from '../../src/features/dpp/gs1.js';

export const FIXTURES = ['ev', 'lmt', 'stationary'] as const;
export type FixtureName = (typeof FIXTURES)[number];

/** A fresh deep copy of a fixture (create-request shape) on every call. */
export function fixture(name: FixtureName): CreatePassport {
  const url = new URL(`../../src/features/dpp/fixtures/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as CreatePassport;
}

/** A stored passport (response shape) built from a fixture, as the service would return it. */
export function storedPassport(name: FixtureName): Passport {
  const input = fixture(name);
  const gtin = normalizeGtin(input.gtin);
  if (!gtin.ok) throw new Error('fixture GTIN invalid');
  const digitalLink = buildDigitalLink('https://qrs.example', input);
  return {
    id: 'dpp_01JD0000000000000000000000',
    workspace_id: 'ws_01JD0000000000000000000000',
    gtin: gtin.value,
    serial: input.serial,
    lot: input.lot ?? null,
    category: input.category,
    battery_status: input.battery_status ?? 'original',
    publication_status: 'published',
    predecessor_id: null,
    unique_identifier: uniqueIdentifier({ gtin: gtin.value, serial: input.serial }),
    digital_link: digitalLink,
    public_url: digitalLink,
    version: 3,
    data: input.data,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}

export const NOW = new Date('2026-11-21T09:15:02.123Z');

const unescape = (t: string) => t.replace(/~1/g, '/').replace(/~0/g, '~');

/** Sets the value at a JSON pointer, creating objects on the way. */
export function setAt(root: unknown, pointer: string, value: unknown): void {
  const tokens = pointer.split('/').slice(1).map(unescape);
  let node = root as Record<string, unknown>;
  for (const token of tokens.slice(0, -1)) {
    if (node[token] === undefined || node[token] === null || typeof node[token] !== 'object') node[token] = {};
    node = node[token] as Record<string, unknown>;
  }
  node[tokens[tokens.length - 1]] = value;
}

/** Deletes the value at a JSON pointer; returns whether something was there. */
export function deleteAt(root: unknown, pointer: string): boolean {
  const tokens = pointer.split('/').slice(1).map(unescape);
  let node = root as Record<string, unknown> | undefined;
  for (const token of tokens.slice(0, -1)) node = node?.[token] as Record<string, unknown> | undefined;
  const last = tokens[tokens.length - 1];
  if (!node || !(last in node)) return false;
  delete node[last];
  return true;
}

export const check = (input: unknown, now = NOW) => validatePassport(input, { now });
export const codesAt = (issues: Issue[], path: string) => issues.filter((i) => i.path === path).map((i) => i.code);

/** The fixture for a category; industrial batteries use the stationary one with the category changed. */
export function forCategory(category: Category) {
  const name: FixtureName = category === 'industrial' ? 'stationary' : category;
  const input = fixture(name);
  input.category = category;
  return input;
}

/** Asserts exactly one error, with this code at this path. */
export function assertOnlyError(input: unknown, path: string, code: string) {
  const result = check(input);
  assert.deepEqual(
    result.errors.map((e) => [e.path, e.code]),
    [[path, code]],
    JSON.stringify(result.errors, null, 1),
  );
  assert.equal(result.valid, false);
}

/** A concrete pointer for an attribute pointer template (array items at index 0). */
export const concrete = (pointer: string) => pointer.replace(/\/\*\//g, '/0/');
