import { layout, type Locale } from './layout.js';

export const twoFactorChanged = {
  name: 'two-factor-changed',
  security: true,
  render: (p: { enabled: boolean }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: p.enabled ? 'Zwei-Faktor-Anmeldung eingeschaltet' : 'Zwei-Faktor-Anmeldung ausgeschaltet',
            paragraphs: [
              p.enabled
                ? 'Für Ihr qrs-Konto ist die Zwei-Faktor-Anmeldung jetzt eingeschaltet.'
                : 'Für Ihr qrs-Konto ist die Zwei-Faktor-Anmeldung jetzt ausgeschaltet.',
            ],
            footer: 'Waren Sie das nicht? Ändern Sie sofort Ihr Passwort.',
          }
        : {
            subject: p.enabled ? 'Two-factor sign-in turned on' : 'Two-factor sign-in turned off',
            paragraphs: [
              p.enabled
                ? 'Two-factor sign-in is now on for your qrs account.'
                : 'Two-factor sign-in is now off for your qrs account.',
            ],
            footer: 'Not you? Change your password at once.',
          },
    ),
};
