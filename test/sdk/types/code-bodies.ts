// Compiled by test/sdk/types.test.ts under tsc --init's strictness: every `@ts-expect-error`
// must meet an error (tsc reports an unused one), so each line below is a body the SDK refuses.
import type { CodeContent, CodeCreate, CodeUpdate, Qrs } from '../../../sdk/src/index.js';

export const good: CodeCreate[] = [
  { type: 'url', url: 'https://example.com/spring-sale', title: 'Spring sale' },
  { type: 'vcard', content: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }, dynamic: true },
  { type: 'wifi', content: { ssid: 'Guests', encryption: 'WPA', password: 'correct horse' } },
  { type: 'links', content: { title: 'Acme', links: [{ label: 'Shop', url: 'https://example.com/shop' }] } },
  {
    type: 'menu',
    content: { title: 'Acme', sections: [{ name: 'Mains', items: [{ name: 'Soup', allergens: ['celery'] }] }] },
  },
  { type: 'coupon', content: { title: '10 % off', code: 'ACME10', expires_on: '2027-12-31' } },
  { type: 'event', content: { title: 'Launch', starts_at: '2027-03-01T18:00:00+01:00' } },
  {
    type: 'social',
    content: { title: 'Acme', profiles: [{ network: 'instagram', url: 'https://instagram.com/acme' }] },
  },
];

export const bad: CodeCreate[] = [
  // @ts-expect-error a url code needs its url
  { type: 'url' },
  // @ts-expect-error a url code takes no content
  { type: 'url', url: 'https://example.com', content: { text: 'x' } },
  // @ts-expect-error a vcard code takes its payload in content, not url
  { type: 'vcard', url: 'https://example.com' },
  // @ts-expect-error a vcard code needs its content
  { type: 'vcard' },
  // @ts-expect-error ssid is a Wi-Fi field, not a vCard one
  { type: 'vcard', content: { ssid: 'Guests' } },
  // @ts-expect-error a Wi-Fi network needs its encryption
  { type: 'wifi', content: { ssid: 'Guests' } },
  // @ts-expect-error no such code type
  { type: 'fax', content: { number: '+49 30 1234' } },
  // @ts-expect-error an event needs its start
  { type: 'event', content: { title: 'Launch' } },
  // @ts-expect-error no such allergen
  { type: 'menu', content: { title: 'M', sections: [{ name: 'S', items: [{ name: 'I', allergens: ['pepper'] }] }] } },
  // @ts-expect-error no such network
  { type: 'social', content: { title: 'S', profiles: [{ network: 'myspace', url: 'https://myspace.com/x' }] } },
];

// The content of one type has that type's fields, and only those.
export const vcardField: keyof CodeContent<'vcard'> = 'organization';
// @ts-expect-error a vCard has no ssid
export const notVcardField: keyof CodeContent<'vcard'> = 'ssid';

export const updates: CodeUpdate[] = [
  { title: 'Renamed', tags: ['spring'] },
  { url: 'https://example.com/summer-sale' },
  { type: 'url', url: 'https://example.com/summer-sale' },
  { type: 'vcard', content: { full_name: 'Ada Lovelace', mobile: '+44 20 1234 5678' } },
  { type: 'geo', content: { lat: 52.52, lng: 13.405 } },
];

export const badUpdates: CodeUpdate[] = [
  // @ts-expect-error content needs the code's type, which picks its fields
  { content: { text: 'hello' } },
  // @ts-expect-error a vcard code takes its payload in content, not url
  { type: 'vcard', url: 'https://example.com' },
  // @ts-expect-error ssid is a Wi-Fi field, not a vCard one
  { type: 'vcard', content: { ssid: 'Guests' } },
  // @ts-expect-error a url code takes no content
  { type: 'url', content: { text: 'x' } },
];

// The methods take exactly these bodies.
export async function calls(qrs: Qrs) {
  await qrs.codes.create({ type: 'text', content: { text: 'hello' } });
  // @ts-expect-error a url code needs its url
  await qrs.codes.create({ type: 'url' });
  await qrs.codes.update('qr_x', { type: 'wifi', content: { ssid: 'Guests', encryption: 'nopass' } });
  // @ts-expect-error lat and lng belong to a geo code
  await qrs.codes.update('qr_x', { type: 'vcard', content: { lat: 1, lng: 2 } });
  // @ts-expect-error the batch takes the same variants
  await qrs.codes.createBatch([{ type: 'url' }]);
}
