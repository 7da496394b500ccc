// The menu, coupon, event and social pages (docs/decisions.md D82) through the API on every
// dialect: created, served script-free in English and German, the event's .ics per RFC 5545; bad
// content is a problem and creates nothing; another organization sees none of it.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode, scan } from '../../support/codes.js';
import { fold } from '../../../src/features/redirect/event-ics.js';
import { COUPON, EVENT, MENU, SOCIAL } from '../../support/page-fixtures.js';

const XSS = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
const BUDGET = 16 * 1024;

function assertPage(body: string) {
  assert.ok(!/<script/i.test(body) && !/\son\w+=/i.test(body), 'script-free');
  assert.ok(Buffer.byteLength(body) < BUDGET, `${Buffer.byteLength(body)} bytes`);
}

forEachDialect('menu, coupon, event and social pages', (dialect) => {
  let other: Tenant;
  const { h, t } = useHarness(dialect, { env: { SCAN_FLUSH_MS: '60000' }, tenant: 'pro' });
  before(async () => {
    other = await seedTenant(h, 'pro');
  });
  const countCodes = async () =>
    Number(
      (
        await h.db
          .selectFrom('codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', t.workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a menu page: sections, items, prices in the visitor’s language, allergens', async () => {
    const c = await createCode(h, t, { type: 'menu', content: MENU });
    assert.equal(c.dynamic, true);
    const en = await scan(h, c.short_code, { 'accept-language': 'en' });
    assert.equal(en.statusCode, 200);
    assert.ok(en.body.includes('<h1>Café Linde</h1>') && en.body.includes('<h2>Mains</h2>'));
    assert.ok(en.body.includes('€12.50') && en.body.includes('Contains: gluten, eggs, milk'));
    assertPage(en.body);
    const de = await scan(h, c.short_code, { 'accept-language': 'de-DE' });
    assert.ok(de.body.includes('<html lang="de">'));
    assert.match(de.body, /12,50\s€/);
    assert.ok(de.body.includes('Enthält: Gluten, Eier, Milch'));
  });

  it('a coupon page: the code, its last day and terms; past its day it says so and hides the code', async () => {
    const c = await createCode(h, t, { type: 'coupon', content: COUPON });
    const res = await scan(h, c.short_code);
    assert.ok(res.body.includes('<p class="code">LINDE10</p>'));
    assert.ok(res.body.includes('Valid until:</strong> 31 December 2099'));
    assert.ok(res.body.includes('href="https://example.com/shop"'));
    assertPage(res.body);
    const old = await createCode(h, t, { type: 'coupon', content: { ...COUPON, expires_on: '2020-01-31' } });
    const de = await scan(h, old.short_code, { 'accept-language': 'de' });
    assert.ok(de.body.includes('Dieser Gutschein ist abgelaufen am 31. Januar 2020.'));
    assert.ok(!de.body.includes('LINDE10') && !de.body.includes('example.com/shop'));
  });

  it('an event page shows when and where in the workspace’s zone, and its .ics follows RFC 5545', async () => {
    const c = await createCode(h, t, { type: 'event', content: EVENT });
    const res = await scan(h, c.short_code, { 'accept-language': 'de' });
    assert.ok(res.body.includes('Mittwoch, 30. Juni 2027 um 17:00 – 21:00'), 'UTC workspace');
    assert.ok(res.body.includes(`href="/r/${c.short_code}/event.ics"`));
    assert.ok(res.body.includes('Zum Kalender hinzufügen'));
    assertPage(res.body);

    const ics = await call(h, { url: `/r/${c.short_code}/event.ics` });
    assert.equal(ics.statusCode, 200);
    assert.match(String(ics.headers['content-type']), /^text\/calendar/);
    assert.match(String(ics.headers['content-disposition']), /attachment; filename="event.ics"/);
    const lines = ics.body.split('\r\n');
    assert.equal(lines[0], 'BEGIN:VCALENDAR');
    assert.equal(lines.at(-1), '', 'ends with CRLF');
    assert.ok(!/[^\r]\n/.test(ics.body), 'every line ends in CRLF');
    for (const l of lines) assert.ok(Buffer.byteLength(l) <= 75, l);
    const unfolded = ics.body.replace(/\r\n /g, '');
    assert.ok(unfolded.includes('DTSTART:20270630T170000Z\r\nDTEND:20270630T210000Z'));
    assert.ok(unfolded.includes('SUMMARY:Summer party\\, with music\\; and more'));
    assert.ok(unfolded.includes('DESCRIPTION:Bring friends.\\nFree entry.'));
    assert.ok(unfolded.includes(`UID:${c.id}@`));
    assert.match(unfolded, /DTSTAMP:\d{8}T\d{6}Z/);
    // a non-event code has no calendar file
    const menu = await createCode(h, t, { type: 'menu', content: MENU });
    assert.equal((await call(h, { url: `/r/${menu.short_code}/event.ics` })).statusCode, 404);
  });

  it('long .ics lines fold at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'ä'.repeat(100)}`;
    const folded = fold(line);
    for (const l of folded.split('\r\n')) assert.ok(Buffer.byteLength(l) <= 75);
    assert.equal(folded.replace(/\r\n /g, ''), line);
  });

  it('a social page lists the profiles as buttons', async () => {
    const c = await createCode(h, t, { type: 'social', content: SOCIAL });
    const res = await scan(h, c.short_code);
    assert.ok(res.body.includes('href="https://instagram.com/cafelinde" rel="noopener me">Instagram</a>'));
    assert.ok(res.body.includes('>Mastodon (social)</a>'));
    assertPage(res.body);
  });

  it('escapes everything it shows', async () => {
    const c = await createCode(h, t, {
      type: 'menu',
      content: { title: XSS, sections: [{ name: XSS, items: [{ name: XSS, description: XSS }] }] },
    });
    const res = await scan(h, c.short_code);
    assert.ok(!res.body.includes('<script>alert') && !res.body.includes('<img src=x'));
    assert.ok(res.body.includes('&lt;script&gt;'));
  });

  it('bad content is a problem with a pointer, and creates nothing', async () => {
    const before = await countCodes();
    const cases: Array<[string, unknown, string]> = [
      ['menu', { ...MENU, sections: [] }, '/content/sections'],
      ['menu', { ...MENU, currency: 'euro' }, '/content/currency'],
      [
        'menu',
        { title: 'M', sections: [{ name: 'S', items: [{ name: 'I', price: -1 }] }] },
        '/content/sections/0/items/0/price',
      ],
      [
        'menu',
        { title: 'M', sections: [{ name: 'S', items: [{ name: 'I', price: 2e6 }] }] },
        '/content/sections/0/items/0/price',
      ],
      [
        'menu',
        { title: 'M', sections: [{ name: 'S', items: [{ name: 'I', allergens: ['gluten', 'gluten'] }] }] },
        '/content/sections/0/items/0/allergens',
      ],
      [
        'menu',
        { title: 'M', sections: [{ name: 'S', items: [{ name: 'I', allergens: ['pepper'] }] }] },
        '/content/sections/0/items/0/allergens/0',
      ],
      ['coupon', { ...COUPON, expires_on: '31.12.2099' }, '/content/expires_on'],
      ['coupon', { ...COUPON, code: 'has space' }, '/content/code'],
      ['coupon', { ...COUPON, url: 'javascript:alert(1)' }, '/content/url'],
      ['event', { ...EVENT, starts_at: 'tomorrow' }, '/content/starts_at'],
      ['event', { ...EVENT, ends_at: '2027-06-30T18:00:00+02:00' }, '/content/ends_at'],
      [
        'social',
        { ...SOCIAL, profiles: [{ network: 'myspace', url: 'https://myspace.com/x' }] },
        '/content/profiles/0/network',
      ],
      ['social', { ...SOCIAL, profiles: [] }, '/content/profiles'],
    ];
    for (const [type, content, pointer] of cases) {
      const res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body: { type, content } });
      const p = expectProblem(res, 422, 'validation-error');
      assert.ok(
        p.errors.some((e: { pointer: string }) => e.pointer.startsWith(pointer)),
        `${type} ${JSON.stringify(content)}: ${res.body}`,
      );
    }
    // a missing member is a 400, as everywhere in the API
    const missing = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'event', content: { title: 'No start' } },
    });
    assert.equal(expectProblem(missing, 400, 'bad-request').errors[0].pointer, '/content/starts_at');
    const range = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'event', content: { ...EVENT, ends_at: '2027-06-30T18:00:00+02:00' } },
    });
    assert.equal(range.json.errors[0].code, 'range');
    expectProblem(
      await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'coupon', dynamic: false, content: COUPON },
      }),
      422,
      'validation-error',
    );
    assert.equal(await countCodes(), before);
  });

  it('another organization can neither read nor change these pages', async () => {
    for (const [type, content] of [
      ['menu', MENU],
      ['coupon', COUPON],
      ['event', EVENT],
      ['social', SOCIAL],
    ] as const) {
      const c = await createCode(h, t, { type, content });
      assert.equal((await call(h, { url: `/v1/codes/${c.id}`, tenant: other })).statusCode, 404);
      const patch = await call(h, {
        method: 'PATCH',
        url: `/v1/codes/${c.id}`,
        tenant: other,
        body: { content: { ...content, title: 'Taken' } },
      });
      assert.equal(patch.statusCode, 404);
      assert.equal((await call(h, { url: `/v1/codes/${c.id}`, tenant: t })).json.data.content.title, content.title);
      const list = await call(h, { url: `/v1/codes?type=${type}`, tenant: other });
      assert.ok(!list.json.data.some((x: { id: string }) => x.id === c.id));
    }
  });

  it('a page is editable after printing: a new menu shows on the next scan', async () => {
    const c = await createCode(h, t, { type: 'menu', content: MENU });
    await scan(h, c.short_code);
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      tenant: t,
      body: { content: { ...MENU, title: 'Neue Karte' } },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok((await scan(h, c.short_code)).body.includes('<h1>Neue Karte</h1>'));
  });
});
