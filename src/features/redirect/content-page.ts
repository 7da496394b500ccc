import { escapeHtml } from '../../lib/html.js';
import type { VcardContent } from '../../qr/payloads.js';
import type { AppContent, LinksContent, PdfContent } from '../codes/index.js';
import {
  couponBody,
  couponExpired,
  eventBody,
  menuBody,
  socialBody,
  NEW_PAGE_CSS,
  NEW_PAGE_TEXT,
} from './page-types.render.js';
import { pageLanguage } from './password-page.js';
import { BASE_CSS, logoImg, themeVars, type PageTheme } from './page-theme.js';
import { button, paragraph } from './page-html.js';

/** A hosted content page as the redirect cache keeps it (docs/codes.md, "Content pages"). */
export interface HostedPage {
  type: string;
  content: Record<string, unknown>;
  title: string | null;
  /** the workspace's IANA time zone: an event's and a coupon's dates are shown in it */
  timeZone: string;
  /** language (and a coupon's expired state) → rendered HTML: rendered once each while it stays cached */
  html: Map<string, string>;
}

const TEXT = {
  en: {
    text: 'Message',
    contact: 'Contact',
    addContact: 'Add to contacts',
    phone: 'Phone',
    mobile: 'Mobile',
    email: 'Email',
    website: 'Website',
    address: 'Address',
    links: 'Links',
    document: 'Document',
    openPdf: 'Open the PDF',
    app: 'App',
    appStore: 'Download on the App Store',
    play: 'Get it on Google Play',
    ...NEW_PAGE_TEXT.en,
  },
  de: {
    text: 'Nachricht',
    contact: 'Kontakt',
    addContact: 'Zu Kontakten hinzufügen',
    phone: 'Telefon',
    mobile: 'Mobil',
    email: 'E-Mail',
    website: 'Website',
    address: 'Adresse',
    links: 'Links',
    document: 'Dokument',
    openPdf: 'PDF öffnen',
    app: 'App',
    appStore: 'Im App Store laden',
    play: 'Bei Google Play holen',
    ...NEW_PAGE_TEXT.de,
  },
} as const;
export type Words = (typeof TEXT)[keyof typeof TEXT];

/** Rules only the newer page types use (menu, coupon, event, social). */
const PAGE_CSS = NEW_PAGE_CSS;

const e = escapeHtml;

function vcardBody(c: VcardContent, t: Words, base: string): { heading: string; body: string } {
  const name = c.full_name ?? ([c.first_name, c.last_name].filter(Boolean).join(' ') || c.organization || t.contact);
  const role = [c.title, c.full_name || c.first_name || c.last_name ? c.organization : undefined].filter(Boolean);
  const rows: string[] = [];
  const row = (label: string, value: string, href?: string) =>
    rows.push(`<dt>${e(label)}</dt><dd>${href ? `<a href="${e(href)}">${e(value)}</a>` : e(value)}</dd>`);
  if (c.phone) row(t.phone, c.phone, `tel:${c.phone.replace(/[^0-9+]/g, '')}`);
  if (c.mobile) row(t.mobile, c.mobile, `tel:${c.mobile.replace(/[^0-9+]/g, '')}`);
  if (c.email) row(t.email, c.email, `mailto:${c.email}`);
  if (c.url) row(t.website, c.url.replace(/^https?:\/\//, ''), c.url);
  const a = c.address;
  if (a) {
    const line = [a.street, [a.postal_code, a.city].filter(Boolean).join(' '), a.region, a.country].filter(Boolean);
    if (line.length) row(t.address, line.join(', '));
  }
  return {
    heading: name,
    body:
      (role.length ? `<p class="sub">${e(role.join(' · '))}</p>` : '') +
      (rows.length ? `<dl>${rows.join('')}</dl>` : '') +
      paragraph(c.note) +
      button(`${base}/contact.vcf`, t.addContact, ' download="contact.vcf"'),
  };
}

function bodyOf(
  page: HostedPage,
  t: Words,
  base: string,
  lang: 'en' | 'de',
  expired: boolean,
): { heading: string; body: string } {
  switch (page.type) {
    case 'menu':
      return menuBody(page, t, lang);
    case 'coupon':
      return couponBody(page, t, lang, expired);
    case 'event':
      return eventBody(page, t, lang, base);
    case 'social':
      return socialBody(page, t);
    case 'vcard':
      return vcardBody(page.content as VcardContent, t, base);
    case 'links': {
      const c = page.content as unknown as LinksContent;
      const items = c.links.map((l) => `<li>${button(l.url, l.label, ' rel="noopener"')}</li>`).join('');
      return { heading: c.title, body: paragraph(c.description) + `<ul>${items}</ul>` };
    }
    case 'pdf': {
      const c = page.content as unknown as PdfContent;
      return {
        heading: c.title ?? page.title ?? t.document,
        body: paragraph(c.description) + button(`${base}/file`, t.openPdf, ' type="application/pdf"'),
      };
    }
    case 'app': {
      const c = page.content as unknown as AppContent;
      const items = [
        c.app_store_url ? `<li>${button(c.app_store_url, t.appStore)}</li>` : '',
        c.play_store_url ? `<li>${button(c.play_store_url, t.play)}</li>` : '',
      ].join('');
      return { heading: c.name, body: paragraph(c.description) + `<ul>${items}</ul>` };
    }
    default:
      return { heading: page.title ?? t.text, body: paragraph((page.content as { text: string }).text) };
  }
}

/**
 * The page a scan of a hosted content code lands on: server-rendered, no script, one small inline
 * style sheet, mobile-first, in the visitor's language (German or English) and the workspace's
 * brand (docs/decisions.md D82). Every value from the content is escaped; links were checked to
 * be http(s) on save.
 */
export function renderContentPage(
  page: HostedPage,
  theme: PageTheme,
  language: string | null,
  shortCode: string,
  nowMs: number,
): string {
  const lang = pageLanguage(language);
  // A coupon past its day reads differently; the page is memoised per language and that state.
  const expired = page.type === 'coupon' && couponExpired(page, nowMs);
  const key = expired ? `${lang}:expired` : lang;
  const memo = page.html.get(key);
  if (memo !== undefined) return memo;
  const t = TEXT[lang];
  const { heading, body } = bodyOf(page, t, `/r/${encodeURIComponent(shortCode)}`, lang, expired);
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${e(heading)}</title><style>` +
    themeVars(theme) +
    BASE_CSS +
    'main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}' +
    'h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem;overflow-wrap:anywhere}' +
    '.sub{color:var(--muted);margin-top:-.5rem}.text{white-space:pre-wrap;overflow-wrap:anywhere}' +
    'ul{list-style:none;padding:0;margin:1rem 0}li{margin:.75rem 0}' +
    'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}' +
    '.button{display:block;text-align:center;padding:.9rem 1rem;border-radius:.6rem;' +
    'background:var(--brand);color:var(--on);text-decoration:none;font-weight:600;overflow-wrap:anywhere}' +
    '.button:focus-visible{outline:3px solid var(--text);outline-offset:2px}' +
    PAGE_CSS +
    `</style></head><body><header></header><main>${logoImg(theme, shortCode)}<h1>${e(heading)}</h1>${body}</main></body></html>`;
  page.html.set(key, html);
  return html;
}
