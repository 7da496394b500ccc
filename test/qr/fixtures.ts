import { encodePayload, type ContentByType, type ContentType } from '../../src/qr/payloads.js';

/** 1,000 characters: prose with umlauts and punctuation, so byte mode and UTF-8 are exercised. */
export const LONG_TEXT = (() => {
  const base = 'Größere Batterien (Lithium-Ionen, 48 V) müssen ab 2027 einen Produktpass tragen; siehe Art. 77. ';
  return base.repeat(Math.ceil(1000 / base.length)).slice(0, 1000);
})();

export const CONTENT: { [T in ContentType]: ContentByType[T] } = {
  url: { url: 'https://example.com/products/battery?id=42&lang=de#spec' },
  text: { text: LONG_TEXT },
  email: { to: 'info+qr@example.com', subject: 'Grüße & Fragen?', body: 'Zeile 1\nZeile 2: 100% sicher' },
  phone: { number: '+49 (30) 123-4567' },
  sms: { number: '+49 151 2345678', message: "Hallo: wie geht's? Code 12;34" },
  wifi: { ssid: 'Café;Net:"5G"', encryption: 'WPA', password: 'p@ss\\w,rd;:"x', hidden: true },
  vcard: {
    first_name: 'Jürgen',
    last_name: 'Müller-Lüdenscheidt',
    organization: 'Müller, Söhne & Co; KG',
    title: 'Geschäftsführer',
    phone: '+49 30 1234567',
    mobile: '+49 151 7654321',
    email: 'j.mueller@example.de',
    url: 'https://example.de',
    address: { street: 'Hauptstraße 5, Hinterhaus', city: 'Köln', postal_code: '50667', country: 'Deutschland' },
    note: 'Termine nur\nnach Absprache; danke',
  },
  geo: { lat: 52.520008, lng: 13.404954, query: 'Brandenburger Tor' },
};

/** Every content type's exact QR text, plus a plain URL. */
export const PAYLOADS: [name: string, payload: string][] = (Object.keys(CONTENT) as ContentType[]).map((type) => [
  type,
  encodePayload(type, CONTENT[type] as never),
]);
