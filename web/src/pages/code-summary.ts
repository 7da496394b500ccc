// The one line the codes list shows under "Destination": where a URL code goes (its destination,
// not its own short URL) and what a static code holds. A Wi-Fi password never shows.
interface Summarised {
  type: string;
  url: string | null;
  content: Record<string, unknown> | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function summaryOf(c: Summarised): string {
  const x = c.content ?? {};
  switch (c.type) {
    case 'url':
      return c.url ?? '';
    case 'text':
      return str(x.text).replace(/\s+/g, ' ').slice(0, 80);
    case 'email':
      return [str(x.to), str(x.subject)].filter(Boolean).join(' · ');
    case 'phone':
    case 'sms':
      return str(x.number);
    case 'wifi':
      return str(x.ssid);
    case 'vcard':
      return str(x.full_name) || [str(x.first_name), str(x.last_name)].filter(Boolean).join(' ') || str(x.organization);
    case 'links':
    case 'pdf':
    case 'menu':
    case 'coupon':
    case 'event':
    case 'social':
      return str(x.title);
    case 'app':
      return str(x.name);
    case 'geo':
      return typeof x.lat === 'number' && typeof x.lng === 'number' ? `${x.lat}, ${x.lng}` : '';
    default:
      return '';
  }
}
