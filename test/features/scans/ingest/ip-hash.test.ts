import { it } from 'node:test';
import assert from 'node:assert/strict';
import { IpHasher } from '../../../../src/features/scans/ingest/ip-hash.js';

it('hashes an IP alike from epoch ms and from ISO time, with a new salt each UTC day', () => {
  const fromIso = new IpHasher('secret');
  const fromMs = new IpHasher('secret');
  const times = [
    '2026-11-26T23:59:59.999Z',
    '2026-11-27T00:00:00.000Z',
    '2026-11-26T12:00:00.000Z',
    '1969-12-31T23:00:00.000Z',
  ];
  for (const iso of times)
    assert.equal(fromMs.hashAt('203.0.113.7', Date.parse(iso)), fromIso.hash('203.0.113.7', iso), iso);
  assert.notEqual(
    fromMs.hashAt('203.0.113.7', Date.parse(times[0])),
    fromMs.hashAt('203.0.113.7', Date.parse(times[1])),
    'a visitor cannot be linked across days',
  );
  assert.notEqual(
    new IpHasher('other').hashAt('203.0.113.7', Date.parse(times[0])),
    fromIso.hash('203.0.113.7', times[0]),
  );
});
