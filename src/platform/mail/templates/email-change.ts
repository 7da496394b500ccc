import { layout, type Locale } from './layout.js';

/** Sent to the new address: the change happens only when this link is followed. */
export const emailChange = {
  name: 'email-change',
  security: true,
  render: (p: { url: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: 'Neue E-Mail-Adresse bestätigen',
            paragraphs: [
              'Ihr qrs-Konto soll künftig diese Adresse verwenden. Bestätigen Sie das mit dem Link; er gilt 24 Stunden und nur einmal.',
            ],
            action: { label: 'Neue Adresse bestätigen', url: p.url },
            footer: 'Haben Sie das nicht verlangt? Dann ignorieren Sie diese Nachricht.',
          }
        : {
            subject: 'Confirm your new e-mail address',
            paragraphs: [
              'Your qrs account is to use this address from now on. Confirm with the link; it works once, for 24 hours.',
            ],
            action: { label: 'Confirm the new address', url: p.url },
            footer: 'Did not ask for this? Ignore this message.',
          },
    ),
};
