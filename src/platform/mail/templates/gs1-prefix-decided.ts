import { layout, type Locale } from './layout.js';
import { inertName } from './inert.js';

export interface Gs1PrefixDecidedParams {
  organization: string;
  prefix: string;
  decision: 'verified' | 'rejected';
  /** the operator's reason, for a rejection */
  reason: string | null;
  url: string;
}

/**
 * To an organization's admins: the operator verified or rejected a GS1 company prefix it claimed
 * (docs/decisions/0075-gs1-prefix-verification.md).
 */
export const gs1PrefixDecided = {
  name: 'gs1-prefix-decided',
  security: false,
  render: (params: Gs1PrefixDecidedParams, locale: Locale) => {
    // The organization's name and the operator's reason go out as plain text (docs/decisions.md D56).
    const org = inertName(params.organization);
    const reason = params.reason ? inertName(params.reason) : '';
    const { prefix, url } = params;
    const verified = params.decision === 'verified';
    if (locale === 'de')
      return layout(locale, {
        subject: verified ? `GS1-Basisnummer ${prefix} bestätigt` : `GS1-Basisnummer ${prefix} abgelehnt`,
        paragraphs: verified
          ? [
              `Der Betreiber hat die GS1-Basisnummer ${prefix} für „${org}“ bestätigt.`,
              'Sie können jetzt Produktpässe für GTINs unter dieser Basisnummer veröffentlichen.',
            ]
          : [
              `Der Betreiber hat die GS1-Basisnummer ${prefix} für „${org}“ abgelehnt.`,
              `Begründung: ${reason}`,
              'Sie können sie mit neuen Nachweisen erneut einreichen.',
            ],
        action: { label: 'GS1-Basisnummern ansehen', url },
        footer: 'Sie erhalten diese Nachricht als Administrator der Organisation.',
      });
    return layout(locale, {
      subject: verified ? `GS1 company prefix ${prefix} verified` : `GS1 company prefix ${prefix} rejected`,
      paragraphs: verified
        ? [
            `The operator verified the GS1 company prefix ${prefix} for "${org}".`,
            'You can now publish passports for GTINs under this prefix.',
          ]
        : [
            `The operator rejected the GS1 company prefix ${prefix} for "${org}".`,
            `Reason: ${reason}`,
            'You can submit it again with new evidence.',
          ],
      action: { label: 'See the GS1 company prefixes', url },
      footer: 'You receive this as an administrator of the organization.',
    });
  },
};
