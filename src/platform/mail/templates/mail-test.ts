import { layout, type Locale } from './layout.js';

/** `qrs mail test --to …`: proves the SMTP settings end to end. */
export const mailTest = {
  name: 'mail-test',
  security: false,
  render: (p: { base_url: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: 'qrs: Testnachricht',
            paragraphs: [`Diese Nachricht kommt von ${p.base_url}. Der E-Mail-Versand funktioniert.`],
          }
        : {
            subject: 'qrs: test message',
            paragraphs: [`This message comes from ${p.base_url}. E-mail delivery works.`],
          },
    ),
};
