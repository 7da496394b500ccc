// The passport editor names every section of the contract and labels every enumerated value in
// English and German (web/src/pages/dpp/editor/words.ts, enum-words.ts), so a value the contract
// gains later does not show as a bare code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassportDataSchema } from '../../src/features/dpp/dpp.contract.js';
import { SECTION_NAMES, EDITOR_WORDS } from '../../web/src/pages/dpp/editor/words.js';
import { LABELLED_VALUES } from '../../web/src/pages/dpp/editor/enum-labels.js';

interface Node {
  enum?: unknown[];
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
}

function enums(n: Node | undefined): unknown[] {
  if (!n) return [];
  return [
    ...(n.enum ?? []),
    ...Object.values(n.properties ?? {}).flatMap(enums),
    ...enums(n.items),
    ...(n.anyOf ?? []).flatMap(enums),
  ];
}

describe('passport editor words', () => {
  it('names every section of the contract in both languages', () => {
    const sections = Object.keys((PassportDataSchema as unknown as Node).properties ?? {});
    assert.deepEqual(
      sections.filter((s) => !SECTION_NAMES[s]?.every(Boolean)),
      [],
    );
  });

  it('labels every enumerated value of the passport data', () => {
    const values = [...new Set(enums(PassportDataSchema as unknown as Node).map(String))];
    assert.ok(values.length > 10);
    assert.deepEqual(
      values.filter((v) => !LABELLED_VALUES.includes(v)),
      [],
    );
  });

  it('has the same words in English and German', () => {
    assert.deepEqual(Object.keys(EDITOR_WORDS.de).sort(), Object.keys(EDITOR_WORDS.en).sort());
  });
});
