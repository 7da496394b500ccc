import { layout, type Locale } from './layout.js';

export const apiKeyCreated = {
  name: 'api-key-created',
  security: true,
  render: (p: { name: string; prefix: string }, locale: Locale) =>
    layout(
      locale,
      locale === 'de'
        ? {
            subject: 'Neuer API-Schlüssel erstellt',
            paragraphs: [`In Ihrem Namen wurde der API-Schlüssel „${p.name}“ (${p.prefix}…) erstellt.`],
            footer: 'Waren Sie das nicht? Widerrufen Sie den Schlüssel im Dashboard und ändern Sie Ihr Passwort.',
          }
        : {
            subject: 'New API key created',
            paragraphs: [`The API key "${p.name}" (${p.prefix}…) was created in your name.`],
            footer: 'Not you? Revoke the key in the dashboard and change your password.',
          },
    ),
};
