// The page editors' state (docs/decisions.md D82) as the API gets it: an event's wall time in a
// chosen zone becomes RFC 3339 with that zone's offset on that day (summer and winter time), the
// saved instant comes back as the same wall time, prices typed either way, empty optional members
// left out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emptyPage, pageContent, pageOf, priceOf, rfc3339, wallOf } from '../../web/src/pages/code/page-draft.js';

describe('page editors: the draft and the API body', () => {
  it('an event time is sent with the offset its zone has on that day', () => {
    assert.equal(rfc3339('2027-06-30T19:00', 'Europe/Berlin'), '2027-06-30T19:00:00+02:00');
    assert.equal(rfc3339('2027-01-15T19:00', 'Europe/Berlin'), '2027-01-15T19:00:00+01:00');
    assert.equal(rfc3339('2027-01-15T19:00', 'America/New_York'), '2027-01-15T19:00:00-05:00');
    assert.equal(rfc3339('2027-01-15T19:00', 'Asia/Kolkata'), '2027-01-15T19:00:00+05:30');
    assert.equal(rfc3339('2027-01-15T19:00', 'UTC'), '2027-01-15T19:00:00+00:00');
    // not a wall time: sent as typed, for the API to name
    assert.equal(rfc3339('tomorrow', 'UTC'), 'tomorrow');
  });

  it('a saved instant shows as the wall time of the zone', () => {
    assert.equal(wallOf('2027-06-30T17:00:00Z', 'Europe/Berlin'), '2027-06-30T19:00');
    assert.equal(wallOf('2027-06-30T19:00:00+02:00', 'America/New_York'), '2027-06-30T13:00');
  });

  it('prices typed with a comma or a point; empty optional members are left out', () => {
    assert.equal(priceOf('4,50'), 4.5);
    assert.equal(priceOf('4.50'), 4.5);
    assert.equal(priceOf('four'), 'four');
    const page = emptyPage('menu');
    page.sections[0] = { name: 'Mains', items: [{ name: 'Soup', description: '', price: '', allergens: [] }] };
    assert.deepEqual(pageContent('menu', page, 'UTC'), { sections: [{ name: 'Mains', items: [{ name: 'Soup' }] }] });
    const social = emptyPage('social');
    social.profiles[0].url = 'https://example.com';
    assert.deepEqual(pageContent('social', social, 'UTC'), {
      profiles: [{ network: 'instagram', url: 'https://example.com' }],
    });
    assert.deepEqual(pageContent('event', emptyPage('event'), 'UTC'), {});
    const event = { ...emptyPage('event'), starts_at: '2027-06-30T19:00' };
    assert.deepEqual(pageContent('event', event, 'Europe/Berlin'), { starts_at: '2027-06-30T19:00:00+02:00' });
    assert.deepEqual(pageContent('pdf', emptyPage('pdf'), 'UTC'), {}, 'no file yet: the API names it');
    assert.deepEqual(pageContent('links', emptyPage('links'), 'UTC'), { links: [{ label: '', url: '' }] });
  });

  it('stored content comes back into the editor', () => {
    const menu = pageOf(
      'menu',
      { sections: [{ name: 'Mains', items: [{ name: 'Soup', price: 4.5, allergens: ['celery'] }] }] },
      'UTC',
    );
    assert.deepEqual(menu.sections[0].items[0], { name: 'Soup', description: '', price: '4.5', allergens: ['celery'] });
    const social = pageOf('social', { profiles: [{ network: 'x', url: 'https://x.com/a', label: 'A' }] }, 'UTC');
    assert.deepEqual(social.profiles, [{ network: 'x', url: 'https://x.com/a', label: 'A' }]);
    const event = pageOf('event', { starts_at: '2027-06-30T17:00:00Z' }, 'Europe/Berlin');
    assert.equal(event.starts_at, '2027-06-30T19:00');
    assert.equal(pageOf('pdf', { file_id: 'f_1' }, 'UTC').file_id, 'f_1');
  });
});
