import { layout, type Locale } from './layout.js';

export const verifyEmail = {
  name: 'verify-email',
  security: true,
  render: (p: { url: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
            paragraphs: [
              'Willkommen bei qrs. Bitte bestätigen Sie, dass diese Adresse Ihnen gehört.',
              'Der Link gilt 24 Stunden und nur einmal.',
            ],
            action: { label: 'E-Mail-Adresse bestätigen', url: p.url },
            footer: 'Sie haben sich nicht registriert? Dann ignorieren Sie diese Nachricht.',
          }
        : {
            subject: 'Please verify your e-mail address',
            paragraphs: [
              'Welcome to qrs. Please confirm that this address is yours.',
              'The link works once, for 24 hours.',
            ],
            action: { label: 'Verify e-mail address', url: p.url },
            footer: 'Did not sign up? Ignore this message.',
          },
    ),
};
