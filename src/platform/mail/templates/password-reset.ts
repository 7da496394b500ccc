import { layout, type Locale } from './layout.js';

export const passwordReset = {
  name: 'password-reset',
  security: true,
  render: (p: { url: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: 'Passwort zurücksetzen',
            paragraphs: [
              'Jemand hat verlangt, das Passwort Ihres qrs-Kontos zurückzusetzen.',
              'Der Link gilt eine Stunde und nur einmal. Danach sind alle Sitzungen beendet.',
            ],
            action: { label: 'Neues Passwort wählen', url: p.url },
            footer: 'Waren Sie das nicht? Dann ignorieren Sie diese Nachricht; Ihr Passwort bleibt, wie es ist.',
          }
        : {
            subject: 'Reset your password',
            paragraphs: [
              'Someone asked to reset the password of your qrs account.',
              'The link works once, for one hour. Every session ends when you use it.',
            ],
            action: { label: 'Choose a new password', url: p.url },
            footer: 'Not you? Ignore this message; your password stays as it is.',
          },
    ),
};
