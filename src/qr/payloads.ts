// Turns typed content into the exact text a QR symbol holds. The formats follow what phone
// cameras parse: RFC 6068 mailto, RFC 3966 tel, the de-facto SMSTO and WIFI (ZXing) schemes,
// vCard 3.0 (RFC 2426) and RFC 5870 geo.

export interface UrlContent {
  url: string;
}
export interface TextContent {
  text: string;
}
export interface EmailContent {
  to: string;
  subject?: string;
  body?: string;
  cc?: string;
  bcc?: string;
}
export interface PhoneContent {
  number: string;
}
export interface SmsContent {
  number: string;
  message?: string;
}
export interface WifiContent {
  ssid: string;
  encryption: 'WPA' | 'WEP' | 'nopass';
  password?: string;
  hidden?: boolean;
}
export interface GeoContent {
  lat: number;
  lng: number;
  query?: string;
}
export interface VcardAddress {
  street?: string;
  city?: string;
  region?: string;
  postal_code?: string;
  country?: string;
}
export interface VcardContent {
  first_name?: string;
  last_name?: string;
  /** FN; built from first and last name (or the organization) when absent. */
  full_name?: string;
  organization?: string;
  title?: string;
  phone?: string;
  mobile?: string;
  email?: string;
  url?: string;
  address?: VcardAddress;
  note?: string;
}

export interface ContentByType {
  url: UrlContent;
  text: TextContent;
  email: EmailContent;
  phone: PhoneContent;
  sms: SmsContent;
  wifi: WifiContent;
  vcard: VcardContent;
  geo: GeoContent;
}
export type ContentType = keyof ContentByType;
export const QR_CONTENT_TYPES = [
  'url',
  'text',
  'email',
  'phone',
  'sms',
  'wifi',
  'vcard',
  'geo',
] as const satisfies readonly ContentType[];

/** Visual separators are legal in RFC 3966 but some dialers choke on them; digits and + only. */
export function normalizePhone(n: string): string {
  return n.replace(/[\s().-]/g, '');
}

export function emailPayload(c: EmailContent): string {
  const q = (['subject', 'body', 'cc', 'bcc'] as const)
    .filter((k) => c[k] !== undefined && c[k] !== '')
    .map((k) => `${k}=${encodeURIComponent(c[k] as string)}`);
  // '@' is allowed unescaped in a mailto address; everything else reserved gets encoded.
  const to = encodeURIComponent(c.to).replace(/%40/g, '@');
  return `mailto:${to}${q.length ? `?${q.join('&')}` : ''}`;
}

/** ZXing's WIFI syntax: backslash before \ ; , : and ". */
export function escapeWifi(s: string): string {
  return s.replace(/([\\;,:"])/g, '\\$1');
}

export function wifiPayload(c: WifiContent): string {
  let s = `WIFI:T:${c.encryption};S:${escapeWifi(c.ssid)};`;
  if (c.encryption !== 'nopass' && c.password !== undefined) s += `P:${escapeWifi(c.password)};`;
  if (c.hidden) s += 'H:true;';
  return `${s};`;
}

/** Decimal degrees without exponent notation (1e-7 would not parse as a geo URI). */
function degrees(v: number): string {
  const s = v.toFixed(7).replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

export function geoPayload(c: GeoContent): string {
  const base = `geo:${degrees(c.lat)},${degrees(c.lng)}`;
  return c.query ? `${base}?q=${encodeURIComponent(c.query)}` : base;
}

/** RFC 2426 text value escaping. */
export function escapeVcard(s: string): string {
  return s.replace(/([\\,;])/g, '\\$1').replace(/\r\n|\r|\n/g, '\\n');
}

export function vcardPayload(c: VcardContent): string {
  const e = (s: string | undefined) => escapeVcard(s ?? '');
  const fn = c.full_name ?? ([c.first_name, c.last_name].filter(Boolean).join(' ') || c.organization || '');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${e(c.last_name)};${e(c.first_name)};;;`, `FN:${e(fn)}`];
  if (c.organization) lines.push(`ORG:${e(c.organization)}`);
  if (c.title) lines.push(`TITLE:${e(c.title)}`);
  if (c.phone) lines.push(`TEL;TYPE=WORK,VOICE:${normalizePhone(c.phone)}`);
  if (c.mobile) lines.push(`TEL;TYPE=CELL:${normalizePhone(c.mobile)}`);
  if (c.email) lines.push(`EMAIL;TYPE=INTERNET:${c.email}`);
  if (c.url) lines.push(`URL:${c.url}`);
  if (c.address) {
    const a = c.address;
    lines.push(`ADR;TYPE=WORK:;;${[a.street, a.city, a.region, a.postal_code, a.country].map(e).join(';')}`);
  }
  if (c.note) lines.push(`NOTE:${e(c.note)}`);
  lines.push('END:VCARD');
  // Lines are not folded at 75 octets: every scanner reads long lines, and folding only
  // makes the symbol denser. RFC 2426 ends every line, the last included, with CRLF.
  return `${lines.join('\r\n')}\r\n`;
}

const ENCODERS: { [T in ContentType]: (c: ContentByType[T]) => string } = {
  url: (c) => c.url,
  text: (c) => c.text,
  email: emailPayload,
  phone: (c) => `tel:${normalizePhone(c.number)}`,
  sms: (c) => `SMSTO:${normalizePhone(c.number)}:${c.message ?? ''}`,
  wifi: wifiPayload,
  vcard: vcardPayload,
  geo: geoPayload,
};

/** The exact text to encode for `content` of the given type (content already validated). */
export function encodePayload<T extends ContentType>(type: T, content: ContentByType[T]): string {
  return ENCODERS[type](content);
}
