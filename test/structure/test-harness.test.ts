// The suite has one harness (test/support/suite.ts) and one fake clock (test/support/clock.ts):
// "on every database" is spelt one way, so a new file cannot quietly run on SQLite only, and a
// test that moves time moves it the same way as every other.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) return p.startsWith('test/fixtures') ? [] : walk(p);
    return p.endsWith('.ts') && p !== SELF ? [p] : [];
  });
}

const files = walk('test').filter((p) => !p.startsWith('test/support/'));
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

function offenders(re: RegExp, among = files): string[] {
  return among.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) => (re.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('one test harness', () => {
  it('every file runs on the configured databases through forEachDialect, never its own loop', () => {
    assert.deepEqual(offenders(/\bdialects\(\)/), []);
  });

  it('no file defines a fake clock of its own', () => {
    assert.deepEqual(offenders(/class \w*Clock\b|\bnow(: \(\) =>|\(\) \{)/), []);
  });

  it('requests go through call(), not app.inject, unless a `raw inject:` comment says why', () => {
    // call() adds the tenant's key, JSON-encodes the body and parses `json`; a raw inject is the
    // exception, and the reason sits on its line or the line above.
    const raw = files.flatMap((file) => {
      const lines = read(file).split('\n');
      return lines.flatMap((line, i) =>
        /\bapp\.inject\(/.test(line) && !/raw inject: *\S/.test(`${lines[i - 1] ?? ''}\n${line}`)
          ? [`${file}:${i + 1}: ${line.trim()}`]
          : [],
      );
    });
    assert.deepEqual(raw, []);
  });

  it('the first-class helpers are defined once, in test/support', () => {
    const defs = offenders(/export (async )?function (call|forEachDialect|useHarness|createHarness|seedTenant)\b/);
    assert.deepEqual(defs, []);
  });
});
