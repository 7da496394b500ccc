// Keeps the attribute table in docs/dpp.md equal to the contract. After changing the contract,
// regenerate it with: UPDATE_DPP_DOCS=1 npm test -- test/features/dpp/docs.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { listAttributes } from '../../../src/features/dpp/dpp.contract.js';

const DOC = new URL('../../../docs/dpp.md', import.meta.url);
const START = '<!-- attributes:start (generated from listAttributes(); see test/features/dpp/docs.test.ts) -->';
const END = '<!-- attributes:end -->';

const ACCESS = { public: 'public', legitimate_interest: 'legitimate interest', authority: 'authority' } as const;
const RANGE = { percent: '0–100', positive: '> 0', non_negative: '≥ 0' } as const;
const cell = (s: string) => s.replace(/\|/g, '\\|');

function attributeTable(): string {
  const rows = listAttributes().map((a) => {
    const depth = a.path.split('.').length - (a.path.startsWith('performance.') ? 3 : 2);
    const name = `${'&nbsp;&nbsp;'.repeat(depth)}\`${a.path}\``;
    const type = [a.type, a.format, a.range ? RANGE[a.range] : null].filter(Boolean).join(', ');
    const required = a.requiredFor.join(', ');
    return `| ${name} | ${a.unit ?? ''} | ${ACCESS[a.access]} | ${cell(type)} | ${required} | ${cell(a.description ?? '')} |`;
  });
  return [
    '| Attribute | Unit | Access | Type | Required for | Description |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

test('docs/dpp.md lists every attribute of the contract', () => {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  assert.ok(start >= 0 && end > start, 'attribute table markers missing in docs/dpp.md');
  const expected = `${START}\n${attributeTable()}\n${END}`;
  const actual = doc.slice(start, end + END.length);
  if (actual !== expected && process.env.UPDATE_DPP_DOCS) {
    writeFileSync(DOC, doc.slice(0, start) + expected + doc.slice(end + END.length));
    return;
  }
  assert.equal(
    actual,
    expected,
    'docs/dpp.md is stale: run UPDATE_DPP_DOCS=1 npm test -- test/features/dpp/docs.test.ts',
  );
});
