// Every problem `code` the API can emit has words in the dashboard (docs/decisions.md D35). The
// codes are read from the source, so a new code without a message fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_FAMILIES, fieldMessage, isKnownCode, problemMessage } from '../../web/src/ui/problem-message.js';
import { en } from '../../web/src/i18n/en.js';
import { de } from '../../web/src/i18n/de.js';
import { formatters, interpolate } from '../../web/src/i18n/format.js';
import type { MessageKey } from '../../web/src/i18n/en.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

// Schema constraints become Ajv keywords, which src/http/validation.ts passes on as codes.
const SCHEMA_KEYWORDS =
  /\b(minLength|maxLength|pattern|format|minimum|maximum|exclusiveMinimum|exclusiveMaximum|multipleOf|minItems|maxItems|uniqueItems|minProperties|maxProperties|propertyNames|dependentRequired)\s*:/g;
// Keywords every TypeBox object, union and literal can fail on.
const ALWAYS = ['required', 'unknown_field', 'type', 'enum', 'const', 'anyOf', 'oneOf', 'not'];

/** Every code the API's source can put into `errors[].code`, each with a file it comes from. */
export function emittedCodes(): Map<string, string> {
  const codes = new Map<string, string>(ALWAYS.map((c) => [c, 'src/http/validation.ts']));
  const add = (code: string, file: string) => codes.has(code) || codes.set(code, file.slice(SRC.length - 3));
  for (const file of sources(SRC)) {
    const s = readFileSync(file, 'utf8');
    for (const m of s.matchAll(/\bcode: '([\w.]+)'/g)) add(m[1], file);
    // invalidField(pointer, detail, 'code'), over any number of lines.
    for (const m of s.matchAll(/\binvalidField\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g)) {
      const code = /,\s*'([\w.]+)',?\s*$/.exec(m[1])?.[1];
      if (code) add(code, file);
    }
    // The passport validator's error(pointer, 'code', …) and warning(…), and code unions.
    for (const m of s.matchAll(/\b(?:error|warning)\(\s*(?:[^,()]|\([^()]*\))+,\s*'([\w.]+)'/g)) add(m[1], file);
    for (const m of s.matchAll(/type \w*Code =((?:\s*\|?\s*'[^']+')+)/g))
      for (const x of m[1].matchAll(/'([^']+)'/g)) add(x[1], file);
    // Codes built from a prefix: `range.${…}`, `format.${…}`.
    for (const line of s.split('\n'))
      if (/\berror\(|\bcode\b/.test(line)) for (const m of line.matchAll(/`([a-z]+\.)\$\{/g)) add(`${m[1]}*`, file);
    for (const m of s.matchAll(/'x-codes': \{([^}]*)\}/g))
      for (const x of m[1].matchAll(/: '([\w.]+)'/g)) add(x[1], file);
    for (const m of s.matchAll(SCHEMA_KEYWORDS)) add(m[1], file);
  }
  return codes;
}

// Codes whose honest sentence is "is not valid": the schema cannot say more.
const GENERAL = new Set(['invalid', 'not', 'contains', 'propertyNames']);

const tools = (lang: 'en' | 'de') => {
  const fmt = formatters(lang);
  const table = lang === 'en' ? en : de;
  return {
    lang,
    fmt,
    t: (key: MessageKey, vars?: Record<string, string | number>) => interpolate(table[key], vars, fmt),
  };
};

describe('problem codes of the API', () => {
  const codes = emittedCodes();

  it('are found in the source (the scan itself works)', () => {
    for (const c of ['required', 'pattern', 'taken', 'contrast', 'gtin.check_digit', 'common_password', 'range.*'])
      assert.ok(codes.has(c), `${c} not found by the scan`);
  });

  it('each have a message of their own in both languages', () => {
    const missing = [...codes]
      .filter(([c]) => (c.endsWith('*') ? !(c.slice(0, -1) in CODE_FAMILIES) : !isKnownCode(c)))
      .map(([c, file]) => `${c} (${file})`);
    assert.deepEqual(missing, [], 'codes without words in web/src/ui/problem-message.ts');
    for (const [code] of codes) {
      // The server's words (a pattern, a pointer) never reach the page; the message has its own.
      const e = { pointer: '/a/name', detail: 'SERVER WORDS ^[a-z]+$ is at most 100', code: code.replace('*', 'x') };
      for (const lang of ['en', 'de'] as const) {
        const text = fieldMessage(e, tools(lang), 'Name');
        assert.ok(text && !/\{\w+|undefined|SERVER|\^|\/a\/name/.test(text), `${lang} ${code}: ${text}`);
      }
      if (!GENERAL.has(code))
        assert.notEqual(fieldMessage(e, tools('en')), fieldMessage({ ...e, code: 'invalid' }, tools('en')), code);
    }
  });

  it('say what the pattern asks for, never the pattern or the pointer', () => {
    const e = { pointer: '/primary_color', detail: 'must match pattern "^#[0-9A-Fa-f]{6}$"', code: 'pattern' };
    assert.equal(fieldMessage(e, tools('de'), 'Markenfarbe'), '„Markenfarbe“: Verwenden Sie eine Farbe wie #1A2B3C.');
    const contrast = {
      pointer: '/style/foreground',
      detail: 'Contrast between #777777 and #888888 is 1.40:1; at least 3:1 is needed for reliable scanning.',
      code: 'contrast',
    };
    assert.equal(
      fieldMessage(contrast, tools('de')),
      'Für sicheres Scannen ist mindestens 3:1 Kontrast nötig; hier sind es 1,40:1.',
    );
    const words = problemMessage(
      {
        type: 'https://x/errors/validation-error',
        title: 'Unprocessable Entity',
        status: 422,
        errors: [{ pointer: '/slug', detail: 'must NOT have fewer than 3 characters', code: 'minLength' }],
      },
      tools('de'),
    );
    assert.equal(words.title, 'Einige Angaben müssen korrigiert werden');
    assert.deepEqual(
      words.errors.map((e) => e.message),
      ['„Kurzname“ braucht mindestens 3 Zeichen.'],
    );
    const required = { pointer: '/org_name', detail: 'org_name is required', code: 'required' };
    assert.equal(
      fieldMessage(required, tools('de'), 'Name der Organisation'),
      '„Name der Organisation“ muss ausgefüllt werden.',
    );
    assert.equal(fieldMessage(required, tools('en'), 'Organization name'), '“Organization name” must be filled in.');
    const empty = { pointer: '/url', detail: 'must NOT have fewer than 1 characters', code: 'minLength' };
    assert.equal(fieldMessage(empty, tools('de')), '„URL“ muss ausgefüllt werden.');
  });

  it('count with plural rules and format numbers for the language', () => {
    const de1 = tools('de');
    assert.equal(de1.t('batch.rowErrors', { n: 1 }).split(':')[1].split('.')[0].trim(), '1 Problem');
    assert.match(de1.t('batch.rowErrors', { n: 2 }), /2 Probleme\./);
    assert.match(tools('en').t('audit.count', { n: 1 }), /^1 entry$/);
    assert.equal(de1.t('audit.count', { n: 1234 }), '1.234 Einträge');
    assert.equal(de1.fmt.ratio(21), '21,00:1');
    assert.equal(de1.fmt.axisDay(Date.UTC(2026, 9, 27) / 1000), '27.10.');
    assert.equal(tools('en').fmt.axisDay(Date.UTC(2026, 9, 27) / 1000), '10/27');
  });

  it('name the storage quota an upload passed, and keep the workspace words', () => {
    const problem = (extra: Record<string, unknown>) => ({
      type: 'https://qrs.test/docs/errors/plan-limit-exceeded',
      title: 'Plan Limit Exceeded',
      status: 403,
      plan: 'free',
      ...extra,
    });
    const en1 = (extra: Record<string, unknown>) => problemMessage(problem(extra), tools('en')).text;
    assert.match(en1({ limit: 26_214_400, meter: 'storage_bytes' }), /allows 25 MB of files and logos/);
    assert.match(en1({ limit: 10, meter: 'files' }), /allows 10 uploaded files/);
    assert.match(en1({ limit: 10, meter: 'logos' }), /allows 10 logos/);
    assert.match(en1({ limit: 1 }), /allows 1\. Archive one/);
    assert.match(problemMessage(problem({ limit: 10, meter: 'logos' }), tools('de')).text, /erlaubt 10 Logos/);
  });
});
