import { layout, type Locale } from './layout.js';

export const invitation = {
  name: 'invitation',
  security: false,
  render: (p: { url: string; organization: string; role: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: `Einladung zu ${p.organization} auf qrs`,
            paragraphs: [
              `Sie sind eingeladen, der Organisation „${p.organization}“ als ${p.role} beizutreten.`,
              'Die Einladung gilt 14 Tage. Zum Annehmen melden Sie sich mit dieser Adresse an oder registrieren sich und bestätigen sie.',
            ],
            action: { label: 'Einladung ansehen', url: p.url },
          }
        : {
            subject: `Invitation to ${p.organization} on qrs`,
            paragraphs: [
              `You are invited to join the organization "${p.organization}" as ${p.role}.`,
              'The invitation is open for 14 days. To accept it, log in with this address, or sign up and verify it.',
            ],
            action: { label: 'View the invitation', url: p.url },
          },
    ),
};
