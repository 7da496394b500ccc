import { inertName, layout, type Locale } from '../../platform/mail/index.js';
import type { Kind, NotificationData } from './notifications.fns.js';

export interface NotificationMailParams {
  kind: Exclude<Kind, 'usage_threshold' | 'gs1_prefix_verified' | 'gs1_prefix_rejected'>;
  data: NotificationData;
  /** who caused it, as the recipient knows them (name or address); null: nobody in particular */
  actor: string | null;
  /** where the notice leads */
  url: string;
  /** the page that turns this kind of mail off, and the account's notification settings */
  unsubscribeUrl: string;
  settingsUrl: string;
}

interface Words {
  subject: string;
  paragraphs: string[];
  action: string;
}

// Everything a person typed (names, titles, reasons, comments) goes out as plain text that no mail
// client turns into a link (docs/decisions.md D56).
const EN = (k: NotificationMailParams['kind'], d: NotificationData, who: string, title: string, org: string): Words => {
  switch (k) {
    case 'approval_requested':
      return {
        subject: `Approval requested: ${title}`,
        paragraphs: [`${who} asks you to approve the code "${title}".`],
        action: 'Review the code',
      };
    case 'code_approved':
      return {
        subject: `Approved: ${title}`,
        paragraphs: [`${who} approved your code "${title}". It is live now.`],
        action: 'Open the code',
      };
    case 'code_rejected':
      return {
        subject: `Rejected: ${title}`,
        paragraphs: [`${who} rejected your code "${title}".`, `Reason: ${d.reason ?? ''}`],
        action: 'Open the code',
      };
    case 'code_commented':
      return {
        subject: `New comment on ${title}`,
        paragraphs: [`${who} commented on your code "${title}":`, `"${d.excerpt ?? ''}"`],
        action: 'Open the code',
      };
    case 'mentioned':
      return {
        subject: `${who} mentioned you on ${title}`,
        paragraphs: [`${who} mentioned you in a comment on the code "${title}":`, `"${d.excerpt ?? ''}"`],
        action: 'Open the code',
      };
    case 'invitation_accepted':
      return {
        subject: `${who} joined ${org}`,
        paragraphs: [`${who} accepted your invitation and is now a member of "${org}".`],
        action: 'See the members',
      };
    case 'export_ready':
      return {
        subject: 'Your data export is ready',
        paragraphs: ['The data export you asked for is ready. You can download it for 7 days.'],
        action: 'Download the export',
      };
  }
};

const DE = (k: NotificationMailParams['kind'], d: NotificationData, who: string, title: string, org: string): Words => {
  switch (k) {
    case 'approval_requested':
      return {
        subject: `Freigabe angefragt: ${title}`,
        paragraphs: [`${who} bittet Sie, den Code „${title}“ freizugeben.`],
        action: 'Code prüfen',
      };
    case 'code_approved':
      return {
        subject: `Freigegeben: ${title}`,
        paragraphs: [`${who} hat Ihren Code „${title}“ freigegeben. Er ist jetzt aktiv.`],
        action: 'Code öffnen',
      };
    case 'code_rejected':
      return {
        subject: `Abgelehnt: ${title}`,
        paragraphs: [`${who} hat Ihren Code „${title}“ abgelehnt.`, `Begründung: ${d.reason ?? ''}`],
        action: 'Code öffnen',
      };
    case 'code_commented':
      return {
        subject: `Neuer Kommentar zu ${title}`,
        paragraphs: [`${who} hat Ihren Code „${title}“ kommentiert:`, `„${d.excerpt ?? ''}“`],
        action: 'Code öffnen',
      };
    case 'mentioned':
      return {
        subject: `${who} hat Sie bei ${title} erwähnt`,
        paragraphs: [`${who} hat Sie in einem Kommentar zum Code „${title}“ erwähnt:`, `„${d.excerpt ?? ''}“`],
        action: 'Code öffnen',
      };
    case 'invitation_accepted':
      return {
        subject: `${who} ist ${org} beigetreten`,
        paragraphs: [`${who} hat Ihre Einladung angenommen und ist jetzt Mitglied von „${org}“.`],
        action: 'Mitglieder ansehen',
      };
    case 'export_ready':
      return {
        subject: 'Ihr Datenexport ist fertig',
        paragraphs: ['Der angeforderte Datenexport ist fertig. Sie können ihn 7 Tage lang herunterladen.'],
        action: 'Export herunterladen',
      };
  }
};

const FOOTER = {
  en: (p: NotificationMailParams) =>
    `You get this e-mail because this kind of notification is on for your account. Stop these e-mails: ${p.unsubscribeUrl} . All notification settings: ${p.settingsUrl}`,
  de: (p: NotificationMailParams) =>
    `Sie erhalten diese E-Mail, weil diese Art von Benachrichtigung für Ihr Konto eingeschaltet ist. Diese E-Mails abbestellen: ${p.unsubscribeUrl} . Alle Benachrichtigungseinstellungen: ${p.settingsUrl}`,
};

/** One template for every notification kind but usage and GS1 prefixes (which keep their own, docs/decisions.md D21, D75). */
export const notificationMail = {
  name: 'notification',
  security: false,
  render: (p: NotificationMailParams, locale: Locale) => {
    const who = inertName(p.actor ?? (locale === 'de' ? 'Jemand' : 'Someone'));
    const title = inertName(p.data.code_title || p.data.code_id || '');
    const org = inertName(p.data.organization_name ?? '');
    const data = {
      ...p.data,
      reason: p.data.reason && inertName(p.data.reason),
      excerpt: p.data.excerpt && inertName(p.data.excerpt),
    };
    const w = (locale === 'de' ? DE : EN)(p.kind, data, who, title, org);
    return layout(locale, {
      subject: w.subject,
      paragraphs: w.paragraphs,
      action: { label: w.action, url: p.url },
      footer: FOOTER[locale](p),
    });
  },
};
