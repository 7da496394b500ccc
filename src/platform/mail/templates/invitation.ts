import { layout, type Locale } from './layout.js';
import { inertName } from './inert.js';

export const invitation = {
  name: 'invitation',
  security: false,
  render: ({ organization, ...p }: { url: string; organization: string; role: string }, locale: Locale) => {
    // The organization's name is whatever its creator typed: plain text, never a link.
    const name = inertName(organization);
    return layout(
      locale,
      locale === 'de'
        ? {
            subject: `Einladung zu ${name} auf qrs`,
            paragraphs: [
              `Sie sind eingeladen, der Organisation „${name}“ als ${p.role} beizutreten.`,
              'Die Einladung gilt 14 Tage. Zum Annehmen melden Sie sich mit dieser Adresse an oder registrieren sich und bestätigen sie.',
            ],
            action: { label: 'Einladung ansehen', url: p.url },
          }
        : {
            subject: `Invitation to ${name} on qrs`,
            paragraphs: [
              `You are invited to join the organization "${name}" as ${p.role}.`,
              'The invitation is open for 14 days. To accept it, log in with this address, or sign up and verify it.',
            ],
            action: { label: 'View the invitation', url: p.url },
          },
    );
  },
};
