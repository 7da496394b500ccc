// People and changes in words, and every problem the dashboard can receive worded in both
// languages (docs/decisions.md D65). Pure functions of the dashboard, no browser.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { en, type MessageKey } from '../../web/src/i18n/en.js';
import { de } from '../../web/src/i18n/de.js';
import { formatters, interpolate } from '../../web/src/i18n/format.js';
import { actorName, entryWords, type EntryLike } from '../../web/src/pages/team/audit-words.js';
import { fieldMessage, problemMessage, problemKind } from '../../web/src/ui/problem-message.js';
import { ERROR_TYPES } from '../../src/http/errors.js';
import { PERMISSIONS } from '../../src/http/permissions.js';
import { EVENT_TYPES } from '../../src/platform/events/event-types.js';
import { AUDIT_RESOURCE_TYPES } from '../../src/features/audit/audit.schemas.js';
import { DEVICES } from '../../src/features/codes/routing.schemas.js';
import { PLAN_NAMES } from '../../src/platform/plans.js';

const tools = (lang: 'en' | 'de') => {
  const fmt = formatters(lang);
  const table = lang === 'en' ? en : de;
  return {
    lang,
    fmt,
    t: (key: MessageKey, vars?: Record<string, string | number>) => interpolate(table[key], vars, fmt),
  };
};

const anna = { id: 'usr_01ANNA', type: 'user' as const, name: 'Anna Berg', email: 'anna@example.com' };
const entry = (e: Partial<EntryLike>): EntryLike => ({
  action: 'codes.updated',
  resource_type: 'codes',
  resource_id: 'qr_01CODE',
  actor_type: 'user',
  actor_id: anna.id,
  actor: anna,
  changes: {},
  ...e,
});

describe('audit entries as sentences', () => {
  it('a creation names who and what, in both languages', () => {
    const created = entry({
      action: 'codes.created',
      changes: { title: { old: null, new: 'Spring poster' }, url: { old: null, new: 'https://a.example/' } },
    });
    assert.equal(entryWords(created, tools('en')).sentence, 'Anna Berg created the code “Spring poster”.');
    assert.equal(entryWords(created, tools('de')).sentence, 'Anna Berg hat den Code „Spring poster“ angelegt.');
  });

  it('one changed field on the code page says from what to what', () => {
    const moved = entry({ changes: { url: { old: 'https://a.example/', new: 'https://b.example/' } } });
    assert.equal(
      entryWords(moved, tools('en'), true).sentence,
      'Anna Berg changed the destination from “https://a.example/” to “https://b.example/”.',
    );
    assert.equal(
      entryWords(moved, tools('de'), true).sentence,
      'Anna Berg hat das Ziel von „https://a.example/“ auf „https://b.example/“ geändert.',
    );
    // In the workspace's log: what was changed, and a line per field.
    const words = entryWords(moved, tools('en'));
    assert.equal(words.sentence, 'Anna Berg changed a code.');
    assert.deepEqual(words.lines, ['Destination: “https://a.example/” → “https://b.example/”']);
  });

  it('several fields are listed by name; a long list is counted', () => {
    const many = entry({
      changes: {
        title: { old: 'A', new: 'B' },
        tags: { old: [], new: ['spring'] },
        max_scans: { old: null, new: 100 },
        expires_at: { old: null, new: '2026-12-24T18:00:00.000Z' },
      },
    });
    const de1 = entryWords(many, tools('de'), true);
    assert.equal(de1.sentence, 'Anna Berg hat den Titel, die Schlagwörter und die Scan-Grenze geändert.');
    assert.equal(de1.lines.length, 4);
    assert.equal(de1.lines[3], 'und 1 weiteres Feld');
    assert.equal(de1.lines[1], 'Schlagwörter: (leer) → spring');
  });

  it('rejections carry the reason; keys, the system and erased users are named', () => {
    const rejected = entry({ action: 'codes.rejected', changes: { rejection_reason: { old: null, new: 'Typo' } } });
    assert.equal(entryWords(rejected, tools('en')).sentence, 'Anna Berg rejected a code: “Typo”.');
    const key = { id: 'key_01', type: 'api' as const, name: 'CI', email: null };
    assert.equal(actorName(key, 'api', tools('de')), 'API-Schlüssel „CI“');
    assert.equal(actorName(null, 'system', tools('en')), 'The system');
    assert.equal(actorName({ ...anna, name: null, email: null }, 'user', tools('de')), 'Ein gelöschter Benutzer');
    assert.equal(actorName({ ...anna, name: null }, 'user', tools('en')), 'anna@example.com');
  });

  it('a role change names the member, and an unknown action still reads', () => {
    const role = entry({
      action: 'workspaces.member_updated',
      resource_type: 'workspaces',
      changes: { 'member:usr_01BEN': { old: 'viewer', new: 'editor' } },
      subject: { id: 'usr_01BEN', type: 'user', name: 'Ben Ohr', email: 'ben@example.com' },
    });
    assert.equal(
      entryWords(role, tools('de')).sentence,
      `Anna Berg hat die Rolle von Ben Ohr auf ${de['role.editor']} geändert.`,
    );
    const odd = entry({ action: 'codes.teleported', changes: {} });
    assert.match(entryWords(odd, tools('en')).sentence, /^Anna Berg: codes\.teleported/);
  });
});

describe('values the API sends as ids have words in both languages', () => {
  const has = (key: string) => key in en && key in de;
  it('every permission of the table', () => {
    const missing = Object.keys(PERMISSIONS).filter((p) => !has(`words.perm.${p}`));
    assert.deepEqual(missing, []);
    assert.equal(
      Object.keys(PERMISSIONS).length,
      36,
      'the 34 of before, notifications.self (docs/decisions.md D64) and sso.manage (docs/decisions.md D80)',
    );
  });
  it('every event type, audit resource type, device class and plan', () => {
    assert.deepEqual(
      Object.keys(EVENT_TYPES).filter((x) => !has(`words.event.${x}`)),
      [],
    );
    assert.deepEqual(
      AUDIT_RESOURCE_TYPES.filter((x) => !has(`words.type.${x}`)),
      [],
    );
    assert.deepEqual(
      DEVICES.filter((x) => !has(`device.${x}`)),
      [],
    );
    assert.deepEqual(
      PLAN_NAMES.filter((x) => !has(`words.plan.${x}`)),
      [],
    );
  });
  it('German says Arbeitsbereich, never Workspace', () => {
    const mixed = Object.entries(de).filter(([, v]) => /Workspace/.test(v));
    assert.deepEqual(mixed, []);
  });
});

describe('every problem the dashboard can receive', () => {
  it('each problem type of the server has its own title and sentence in both languages', () => {
    for (const type of Object.keys(ERROR_TYPES)) {
      const problem = { type: `https://x/docs/errors/${type}`, title: 'T', status: 400 };
      assert.equal(problemKind(problem), type, `${type} is known to the dashboard`);
      for (const lang of ['en', 'de'] as const) {
        const words = problemMessage(problem, tools(lang));
        assert.ok(`problem.title.${type}` in (lang === 'en' ? en : de), `${lang} title of ${type}`);
        assert.doesNotMatch(words.title + words.text, /problem\.|\{/, `${lang} ${type}`);
      }
    }
  });

  it('a file of the wrong kind names the kinds accepted', () => {
    const e = { pointer: '/content_type', detail: 'must be one of: image/png, image/svg+xml', code: 'enum' };
    assert.equal(
      fieldMessage(e, tools('en'), 'Logo file'),
      '“Logo file”: this kind of file is not accepted. Choose a PNG or SVG file.',
    );
    assert.equal(
      fieldMessage(e, tools('de'), 'Logodatei'),
      '„Logodatei“: Diese Dateiart wird nicht angenommen. Wählen Sie eine Datei im Format PNG oder SVG.',
    );
    // Other choices keep the general sentence: their values have no words.
    const os = { pointer: '/rules/0/when/os/0', detail: 'must be one of: ios, android', code: 'enum' };
    assert.match(fieldMessage(os, tools('en')), /choose one of the offered options/);
  });

  it('a webhook URL in use says that endpoint exists', () => {
    const e = { pointer: '/url', detail: 'another endpoint of this workspace has this URL', code: 'endpoint_exists' };
    assert.match(fieldMessage(e, tools('en')), /An endpoint with this URL exists already/);
    assert.match(fieldMessage(e, tools('de')), /Ein Endpunkt mit dieser URL besteht/);
  });
});
