import { layout, type Locale } from './layout.js';

/** Sent to the old address once the new one is confirmed. */
export const emailChanged = {
  name: 'email-changed',
  security: true,
  render: (p: { new_email: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: 'Die E-Mail-Adresse Ihres Kontos wurde geändert',
            paragraphs: [`Ihr qrs-Konto verwendet ab jetzt die Adresse ${p.new_email}.`],
            footer: 'Waren Sie das nicht? Antworten Sie Ihrer Administration sofort.',
          }
        : {
            subject: 'The e-mail address of your account was changed',
            paragraphs: [`Your qrs account uses ${p.new_email} from now on.`],
            footer: 'Not you? Tell your administrator at once.',
          },
    ),
};
