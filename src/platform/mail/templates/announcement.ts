import { layout, type Locale } from './layout.js';
import { isoDay } from '../../../lib/time.js';

/** `qrs announce publish --email` (docs/decisions.md D22): the operator's notice to API users. */
export const announcement = {
  name: 'announcement',
  security: false,
  render: (
    p: { title: string; body: string; link: string | null; ends_at: string | null; dashboard_url: string },
    locale: Locale,
  ) => {
    const date = p.ends_at ? isoDay(p.ends_at) : undefined;
    return layout(
      locale,
      locale === 'de'
        ? {
            subject: `qrs-Mitteilung: ${p.title}`,
            paragraphs: [p.title, p.body, ...(date ? [`Gültig bis ${date} (UTC).`] : [])],
            action: { label: p.link ? 'Mehr erfahren' : 'Zum Dashboard', url: p.link ?? p.dashboard_url },
            footer:
              'Sie erhalten diese Nachricht, weil Sie in den letzten 90 Tagen einen qrs-API-Schlüssel genutzt haben.',
          }
        : {
            subject: `qrs notice: ${p.title}`,
            paragraphs: [p.title, p.body, ...(date ? [`In effect until ${date} (UTC).`] : [])],
            action: { label: p.link ? 'Read more' : 'Open the dashboard', url: p.link ?? p.dashboard_url },
            footer: 'You receive this because you used a qrs API key in the last 90 days.',
          },
    );
  },
};
