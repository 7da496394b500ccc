import { escapeHtml } from '../../../lib/html.js';

export type Locale = 'en' | 'de';
export const LOCALES: readonly Locale[] = ['en', 'de'];
export const localeOf = (value: string | null | undefined): Locale => (value === 'de' ? 'de' : 'en');

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export interface Content {
  subject: string;
  paragraphs: string[];
  /** the one link the message is about; shown as a button and as the bare URL */
  action?: { label: string; url: string };
  /** a closing line in small print */
  footer?: string;
}

/**
 * Every template's words go through here: one plain-text and one HTML part with the same content.
 * The HTML has inline styles only and no remote images (nothing loads from anywhere).
 */
export function layout(locale: Locale, c: Content): Rendered {
  const text = [
    ...c.paragraphs,
    ...(c.action ? [`${c.action.label}:\n${c.action.url}`] : []),
    ...(c.footer ? [`-- \n${c.footer}`] : []),
  ].join('\n\n');
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#1f4fd1;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(c.action.label)}</a></p>` +
      p(c.action.url)
    : '';
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;color:#1b1b1b;max-width:560px;margin:0 auto;padding:24px">` +
    c.paragraphs.map(p).join('') +
    button +
    (c.footer ? `<p style="margin:32px 0 0;font-size:12px;color:#555">${escapeHtml(c.footer)}</p>` : '') +
    `</body></html>`;
  return { subject: c.subject, text: `${text}\n`, html };
}
