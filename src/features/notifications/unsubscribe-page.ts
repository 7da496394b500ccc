import { escapeHtml } from '../../lib/html.js';
import type { Kind } from './notifications.fns.js';

const KIND = {
  en: {
    approval_requested: 'codes waiting for your approval',
    code_approved: 'approvals of your codes',
    code_rejected: 'rejections of your codes',
    code_commented: 'comments on your codes',
    mentioned: 'mentions in comments',
    invitation_accepted: 'accepted invitations',
    export_ready: 'finished data exports',
    usage_threshold: "your organization's usage limits",
    gs1_prefix_verified: "verifications of your organization's GS1 company prefixes",
    gs1_prefix_rejected: "rejections of your organization's GS1 company prefixes",
  },
  de: {
    approval_requested: 'Codes, die auf Ihre Freigabe warten',
    code_approved: 'Freigaben Ihrer Codes',
    code_rejected: 'Ablehnungen Ihrer Codes',
    code_commented: 'Kommentare zu Ihren Codes',
    mentioned: 'Erwähnungen in Kommentaren',
    invitation_accepted: 'angenommene Einladungen',
    export_ready: 'fertige Datenexporte',
    usage_threshold: 'Nutzungsgrenzen Ihrer Organisation',
    gs1_prefix_verified: 'bestätigte GS1-Basisnummern Ihrer Organisation',
    gs1_prefix_rejected: 'abgelehnte GS1-Basisnummern Ihrer Organisation',
  },
} as const satisfies Record<'en' | 'de', Record<Kind, string>>;

const TEXT = {
  en: {
    askTitle: 'Stop these e-mails?',
    ask: (what: string) =>
      `You will no longer get e-mails about ${what}. Notifications in the dashboard stay as they are.`,
    submit: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    done: (what: string) => `You will no longer get e-mails about ${what}.`,
    settings: 'All notification settings',
    badTitle: 'This link is not valid',
    bad: 'Open your notification settings in the dashboard to choose which e-mails you get.',
  },
  de: {
    askTitle: 'Diese E-Mails abbestellen?',
    ask: (what: string) =>
      `Sie erhalten dann keine E-Mails mehr über ${what}. Die Benachrichtigungen im Dashboard bleiben, wie sie sind.`,
    submit: 'Abbestellen',
    doneTitle: 'Sie haben diese E-Mails abbestellt',
    done: (what: string) => `Sie erhalten keine E-Mails mehr über ${what}.`,
    settings: 'Alle Benachrichtigungseinstellungen',
    badTitle: 'Dieser Link ist ungültig',
    bad: 'Öffnen Sie die Benachrichtigungseinstellungen im Dashboard, um zu wählen, welche E-Mails Sie erhalten.',
  },
} as const;

export type UnsubscribeState = { state: 'ask' | 'done'; kind: Kind; token: string } | { state: 'bad' };

/**
 * The script-free page behind a mail's List-Unsubscribe link: a GET only asks (link scanners open
 * links), its button posts back to the same address, which is also where RFC 8058's one click posts.
 */
export function unsubscribePage(page: UnsubscribeState, locale: string): string {
  const lang = locale === 'de' ? 'de' : 'en';
  const t = TEXT[lang];
  const settings = `<p><a href="/account#notifications">${t.settings}</a></p>`;
  let title: string;
  let body: string;
  if (page.state === 'bad') {
    title = t.badTitle;
    body = `<p>${t.bad}</p>${settings}`;
  } else if (page.state === 'done') {
    title = t.doneTitle;
    body = `<p role="status">${escapeHtml(t.done(KIND[lang][page.kind]))}</p>${settings}`;
  } else {
    title = t.askTitle;
    body =
      `<p>${escapeHtml(t.ask(KIND[lang][page.kind]))}</p>` +
      `<form method="post" action="/unsubscribe?token=${escapeHtml(encodeURIComponent(page.token))}">` +
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
      `<button type="submit">${t.submit}</button></form>${settings}`;
  }
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:15vh auto;padding:0 1rem;color:#222;line-height:1.5}' +
    'button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:1px solid #222;background:#222;color:#fff;cursor:pointer}' +
    'a{color:#1f4fd1}</style></head>' +
    `<body><main><h1>${title}</h1>${body}</main></body></html>`
  );
}
