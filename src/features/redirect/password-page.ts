import { escapeHtml } from '../../lib/html.js';
import { BASE_CSS, logoImg, pageTheme, themeVars, type PageTheme } from './page-theme.js';

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
 * A small script-free page asking for a code's password, in the code's brand
 * (docs/decisions.md D82). It posts back to the same short URL; the form-action 'self' of our CSP allows exactly that.
 */
export function passwordPage(
  state: PasswordPageState,
  language: string | null,
  shortCode: string,
  theme: PageTheme = pageTheme(null, null),
): string {
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
    `<style>${themeVars(theme)}${BASE_CSS}main{max-width:24rem;margin:12vh auto;padding:0 1rem}` +
    'label,input,button{display:block;width:100%;font:inherit;margin-top:.5rem}' +
    'input,button{padding:.75rem;border-radius:.5rem;border:1px solid #767676}input{background:#fff;color:#1a1a1a}' +
    'button{background:var(--brand);color:var(--on);font-weight:600}' +
    '[role=alert]{font-weight:600}</style></head>' +
    `<body><header></header><main>${logoImg(theme, shortCode)}<h1>${t.title}</h1><p${state === 'ask' ? '' : ' role="alert"'}>${note}</p>${form}</main></body></html>`
  );
}
