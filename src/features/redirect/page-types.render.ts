// The bodies of the menu, coupon, event and social pages (docs/decisions.md D82): server-rendered,
// no script, every value escaped; dates and prices in the visitor's language.
import { escapeHtml as e } from '../../lib/html.js';
import type { CouponContent, EventContent, MenuContent, SocialContent } from '../codes/index.js';
import type { HostedPage, Words } from './content-page.js';
import { button, paragraph } from './page-html.js';

type Lang = 'en' | 'de';
type Body = { heading: string; body: string };

export const NEW_PAGE_TEXT = {
  en: {
    menu: 'Menu',
    contains: 'Contains',
    allergen: {
      gluten: 'gluten',
      crustaceans: 'crustaceans',
      eggs: 'eggs',
      fish: 'fish',
      peanuts: 'peanuts',
      soybeans: 'soy',
      milk: 'milk',
      nuts: 'nuts',
      celery: 'celery',
      mustard: 'mustard',
      sesame: 'sesame',
      sulphites: 'sulphites',
      lupin: 'lupin',
      molluscs: 'molluscs',
    },
    coupon: 'Coupon',
    yourCode: 'Your code',
    validUntil: 'Valid until',
    couponExpired: 'This coupon expired on',
    terms: 'Terms',
    redeem: 'Redeem online',
    event: 'Event',
    when: 'When',
    where: 'Where',
    addToCalendar: 'Add to calendar',
    moreInfo: 'More information',
    social: 'Follow us',
  },
  de: {
    menu: 'Speisekarte',
    contains: 'Enthält',
    allergen: {
      gluten: 'Gluten',
      crustaceans: 'Krebstiere',
      eggs: 'Eier',
      fish: 'Fisch',
      peanuts: 'Erdnüsse',
      soybeans: 'Soja',
      milk: 'Milch',
      nuts: 'Schalenfrüchte',
      celery: 'Sellerie',
      mustard: 'Senf',
      sesame: 'Sesam',
      sulphites: 'Sulfite',
      lupin: 'Lupinen',
      molluscs: 'Weichtiere',
    },
    coupon: 'Gutschein',
    yourCode: 'Ihr Code',
    validUntil: 'Gültig bis',
    couponExpired: 'Dieser Gutschein ist abgelaufen am',
    terms: 'Bedingungen',
    redeem: 'Online einlösen',
    event: 'Veranstaltung',
    when: 'Wann',
    where: 'Wo',
    addToCalendar: 'Zum Kalender hinzufügen',
    moreInfo: 'Mehr erfahren',
    social: 'Folgen Sie uns',
  },
} as const;

export const NEW_PAGE_CSS =
  'h2{font-size:1.25rem;margin:1.75rem 0 .5rem;border-bottom:2px solid var(--brand);padding-bottom:.25rem}' +
  '.items li{margin:.9rem 0}.item{display:flex;justify-content:space-between;gap:1rem;font-weight:600}' +
  '.price{white-space:nowrap}.note{color:var(--muted);margin:.15rem 0 0;font-size:.95rem;overflow-wrap:anywhere}' +
  '.code{border:2px dashed var(--text);border-radius:.6rem;padding:1rem;text-align:center;margin:1rem 0;' +
  'font:700 1.6rem/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.05em;overflow-wrap:anywhere}' +
  '.alert{font-weight:700}';

const NETWORKS: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  github: 'GitHub',
  website: 'Website',
};

const LOCALE = { en: 'en-GB', de: 'de-DE' } as const;

function price(value: number, currency: string, lang: Lang): string {
  try {
    return new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

export function menuBody(page: HostedPage, t: Words, lang: Lang): Body {
  const c = page.content as unknown as MenuContent;
  const currency = c.currency ?? 'EUR';
  const sections = c.sections
    .map((s) => {
      const items = s.items
        .map((i) => {
          const allergens = i.allergens?.length
            ? `<p class="note">${e(t.contains)}: ${i.allergens.map((a) => e(t.allergen[a])).join(', ')}</p>`
            : '';
          return (
            `<li><div class="item"><span>${e(i.name)}</span>` +
            (i.price !== undefined ? `<span class="price">${e(price(i.price, currency, lang))}</span>` : '') +
            `</div>${i.description ? `<p class="note">${e(i.description)}</p>` : ''}${allergens}</li>`
          );
        })
        .join('');
      return `<h2>${e(s.name)}</h2><ul class="items">${items}</ul>`;
    })
    .join('');
  return { heading: c.title || t.menu, body: paragraph(c.description) + sections };
}

/** A YYYY-MM-DD day in words, as that calendar day (no time zone shifts it). */
const day = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** Today's date in the workspace's zone, YYYY-MM-DD ('en-CA' formats dates that way). */
export const todayIn = (timeZone: string, nowMs: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(nowMs);

export function couponExpired(page: HostedPage, nowMs: number): boolean {
  const c = page.content as unknown as CouponContent;
  return !!c.expires_on && c.expires_on < todayIn(page.timeZone, nowMs);
}

export function couponBody(page: HostedPage, t: Words, lang: Lang, expired: boolean): Body {
  const c = page.content as unknown as CouponContent;
  const validity = c.expires_on
    ? expired
      ? `<p class="alert" role="status">${e(t.couponExpired)} ${e(day(c.expires_on, lang))}.</p>`
      : `<p><strong>${e(t.validUntil)}:</strong> ${e(day(c.expires_on, lang))}</p>`
    : '';
  const code = c.code && !expired ? `<p class="sub">${e(t.yourCode)}</p><p class="code">${e(c.code)}</p>` : '';
  return {
    heading: c.title || t.coupon,
    body:
      paragraph(c.description) +
      code +
      validity +
      (c.url && !expired ? button(c.url, t.redeem, ' rel="noopener"') : '') +
      (c.terms ? `<h2>${e(t.terms)}</h2>${paragraph(c.terms)}` : ''),
  };
}

/** The event's end: as given, else two hours after the start (what a calendar needs). */
export const eventEnd = (c: EventContent) =>
  c.ends_at ? Date.parse(c.ends_at) : Date.parse(c.starts_at) + 2 * 3600_000;

function when(c: EventContent, timeZone: string, lang: Lang): string {
  const full = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'full', timeStyle: 'short', timeZone });
  const start = Date.parse(c.starts_at);
  if (!c.ends_at) return full.format(start);
  const end = Date.parse(c.ends_at);
  const sameDay = todayIn(timeZone, start) === todayIn(timeZone, end);
  const tail = sameDay
    ? new Intl.DateTimeFormat(LOCALE[lang], { timeStyle: 'short', timeZone }).format(end)
    : full.format(end);
  return `${full.format(start)} – ${tail}`;
}

export function eventBody(page: HostedPage, t: Words, lang: Lang, base: string): Body {
  const c = page.content as unknown as EventContent;
  const rows =
    `<dt>${e(t.when)}</dt><dd>${e(when(c, page.timeZone, lang))}</dd>` +
    (c.location ? `<dt>${e(t.where)}</dt><dd>${e(c.location)}</dd>` : '');
  return {
    heading: c.title || t.event,
    body:
      `<dl>${rows}</dl>` +
      paragraph(c.description) +
      `<ul><li>${button(`${base}/event.ics`, t.addToCalendar, ' download="event.ics" type="text/calendar"')}</li>` +
      (c.url ? `<li>${button(c.url, t.moreInfo, ' rel="noopener"')}</li>` : '') +
      '</ul>',
  };
}

export function socialBody(page: HostedPage, t: Words): Body {
  const c = page.content as unknown as SocialContent;
  const items = c.profiles
    .map((p) => `<li>${button(p.url, p.label ?? NETWORKS[p.network] ?? p.network, ' rel="noopener me"')}</li>`)
    .join('');
  return { heading: c.title || t.social, body: paragraph(c.description) + `<ul>${items}</ul>` };
}
