import { layout, type Locale } from './layout.js';
import { inertName } from './inert.js';

export interface UsageThresholdParams {
  organization: string;
  meter: 'scans' | 'dynamic_codes';
  threshold: number;
  used: number;
  limit: number;
  /** YYYY-MM */
  period: string;
  url: string;
}

const METER = {
  en: { scans: 'scans this month', dynamic_codes: 'active dynamic codes' },
  de: { scans: 'Scans in diesem Monat', dynamic_codes: 'aktiven dynamischen Codes' },
};

const n = (value: number, locale: Locale) => value.toLocaleString(locale === 'de' ? 'de-DE' : 'en-US');

/** A notice to org admins and the billing address: a plan limit is 80 % or 100 % used (docs/decisions.md D21). */
export const usageThreshold = {
  name: 'usage-threshold',
  security: false,
  render: (params: UsageThresholdParams, locale: Locale) => {
    // The billing address may be anyone's: the name its admins typed goes out as plain text.
    const p = { ...params, organization: inertName(params.organization) };
    const what = METER[locale][p.meter];
    const full = p.threshold >= 100;
    return layout(
      locale,
      locale === 'de'
        ? {
            subject: `${p.organization}: ${p.threshold} % der ${what} erreicht`,
            paragraphs: [
              `Ihre Organisation „${p.organization}“ hat ${p.threshold} % ihrer ${what} erreicht: ${n(p.used, locale)} von ${n(p.limit, locale)} (Zeitraum ${p.period}).`,
              full
                ? 'Nichts wird gesperrt, aber Sie sind jetzt über dem Rahmen Ihres Tarifs. Ein höherer Tarif hebt das Limit an.'
                : 'Nichts wird gesperrt. Wenn Sie mehr brauchen, hebt ein höherer Tarif das Limit an.',
            ],
            action: { label: 'Nutzung ansehen', url: p.url },
            footer: 'Sie erhalten diese Nachricht als Administrator oder Rechnungsadresse der Organisation.',
          }
        : {
            subject: `${p.organization}: ${p.threshold} % of ${what} used`,
            paragraphs: [
              `Your organization "${p.organization}" has used ${p.threshold} % of its ${what}: ${n(p.used, locale)} of ${n(p.limit, locale)} (period ${p.period}).`,
              full
                ? 'Nothing is blocked, but you are now beyond what your plan includes. A higher plan raises the limit.'
                : 'Nothing is blocked. If you need more, a higher plan raises the limit.',
            ],
            action: { label: 'See usage', url: p.url },
            footer: 'You receive this as an administrator or the billing address of the organization.',
          },
    );
  },
};
