import { escapeHtml } from '../../lib/html.js';

const TEXT = {
  en: {
    title: 'This code is protected',
    prompt: 'Enter the password you were given to continue.',
    label: 'Password',
    submit: 'Continue',
    wrong: 'That password is not right. Please try again.',
    limited: 'Too many tries from your network. Please wait a few minutes.',
    locked: 'This code takes no passwords for a while. Please try again in a few minutes.',
  },
  de: {
    title: 'Dieser Code ist geschützt',
    prompt: 'Geben Sie das Passwort ein, das Sie erhalten haben.',
    label: 'Passwort',
    submit: 'Weiter',
    wrong: 'Das Passwort stimmt nicht. Bitte versuchen Sie es erneut.',
    limited: 'Zu viele Versuche aus Ihrem Netz. Bitte warten Sie einige Minuten.',
    locked: 'Dieser Code nimmt für eine Weile keine Passwörter an. Bitte versuchen Sie es in einigen Minuten erneut.',
  },
} as const;

export type PasswordPageState = 'ask' | 'wrong' | 'limited' | 'locked';

/** The visitor's language among those the page speaks: German for de-*, else English. */
export function pageLanguage(language: string | null): keyof typeof TEXT {
  return language === 'de' || language?.startsWith('de-') ? 'de' : 'en';
}

/**
 * A small script-free page asking for a code's password. It posts back to the same short URL;
 * the form-action 'self' of our CSP allows exactly that.
 */
export function passwordPage(state: PasswordPageState, language: string | null, shortCode: string): string {
  const lang = pageLanguage(language);
  const t = TEXT[lang];
  const note = state === 'ask' ? t.prompt : t[state];
  const form =
    state === 'limited' || state === 'locked'
      ? ''
      : `<form method="post" action="/r/${escapeHtml(encodeURIComponent(shortCode))}">` +
        `<label for="password">${t.label}</label>` +
        '<input id="password" name="password" type="password" required autocomplete="off" autofocus maxlength="128">' +
        `<button type="submit">${t.submit}</button></form>`;
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:15vh auto;padding:0 1rem;color:#222}' +
    'label,input,button{display:block;width:100%;box-sizing:border-box;font:inherit;margin-top:.5rem}' +
    'input,button{padding:.75rem;border-radius:.5rem;border:1px solid #888}button{background:#222;color:#fff}' +
    '[role=alert]{color:#a00}</style></head>' +
    `<body><main><h1>${t.title}</h1><p${state === 'ask' ? '' : ' role="alert"'}>${note}</p>${form}</main></body></html>`
  );
}
