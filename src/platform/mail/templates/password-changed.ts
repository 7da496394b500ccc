import { layout, type Locale } from './layout.js';

export const passwordChanged = {
  name: 'password-changed',
  security: true,
  render: (p: { url: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: 'Ihr Passwort wurde geändert',
            paragraphs: ['Das Passwort Ihres qrs-Kontos wurde soeben geändert.'],
            footer: `Waren Sie das nicht? Setzen Sie Ihr Passwort sofort zurück: ${p.url}`,
          }
        : {
            subject: 'Your password was changed',
            paragraphs: ['The password of your qrs account was just changed.'],
            footer: `Not you? Reset your password at once: ${p.url}`,
          },
    ),
};
