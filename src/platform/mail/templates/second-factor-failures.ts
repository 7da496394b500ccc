import { layout, type Locale } from './layout.js';

/** To the account holder when wrong second factors used up the account's budget (docs/decisions.md D57). */
export const secondFactorFailures = {
  name: 'second-factor-failures',
  security: true,
  render: (p: { failures: number; until: string; url: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: 'Falsche Zwei-Faktor-Codes für Ihr qrs-Konto',
            paragraphs: [
              `Jemand, der Ihr Passwort kennt, hat ${p.failures} falsche Zwei-Faktor-Codes für Ihr qrs-Konto eingegeben. Bis ${p.until} (UTC) wird kein weiterer Code angenommen.`,
              'Waren Sie das nicht, kennt jemand anderes Ihr Passwort: Setzen Sie es jetzt zurück. Ein neues Passwort hebt die Sperre sofort auf.',
            ],
            action: { label: 'Passwort zurücksetzen', url: p.url },
          }
        : {
            subject: 'Wrong two-factor codes for your qrs account',
            paragraphs: [
              `Someone who knows your password entered ${p.failures} wrong two-factor codes for your qrs account. No further code is accepted until ${p.until} (UTC).`,
              'If this was not you, someone else knows your password: reset it now. A new password lifts the pause at once.',
            ],
            action: { label: 'Reset the password', url: p.url },
          },
    ),
};
