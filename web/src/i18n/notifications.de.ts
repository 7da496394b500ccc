// Deutsche Texte der Benachrichtigungen: die Glocke in der Kopfzeile, ihre Liste und die
// Einstellungen auf der Kontoseite; in de.ts eingefügt, die englischen stehen in notifications.en.ts.
import type { notificationsEn } from './notifications.en.js';

export const notificationsDe: Record<keyof typeof notificationsEn, string> = {
  'notifications.bell': 'Benachrichtigungen',
  'notifications.bellUnread': 'Benachrichtigungen, {count} ungelesen',
  'notifications.title': 'Benachrichtigungen',
  'notifications.none': 'Nichts Neues. Hier sehen Sie, wenn ein Code auf Sie wartet, geprüft oder kommentiert wurde.',
  'notifications.readAll': 'Alle als gelesen markieren',
  'notifications.read': 'Als gelesen markieren',
  'notifications.unread': 'Ungelesen',
  'notifications.more': 'Mehr anzeigen',
  'notifications.someone': 'Jemand',
  'notifications.untitled': 'einen Code ohne Titel',
  'notifications.quoted': '„{title}“',
  'notifications.kind.approval_requested': '{actor} bittet Sie, {code} freizugeben.',
  'notifications.kind.code_approved': '{actor} hat Ihren Code {code} freigegeben.',
  'notifications.kind.code_rejected': '{actor} hat Ihren Code {code} abgelehnt: {reason}',
  'notifications.kind.code_commented': '{actor} hat Ihren Code {code} kommentiert: „{excerpt}“',
  'notifications.kind.mentioned': '{actor} hat Sie bei {code} erwähnt: „{excerpt}“',
  'notifications.kind.invitation_accepted': '{actor} hat Ihre Einladung zu {organization} angenommen.',
  'notifications.kind.export_ready': 'Ihr Datenexport ist fertig und kann heruntergeladen werden.',
  'notifications.kind.usage_threshold.scans': '{organization} hat {threshold} % der Scans dieses Monats verbraucht.',
  'notifications.kind.usage_threshold.dynamic_codes':
    '{organization} hat {threshold} % der dynamischen Codes verbraucht.',
  'notifications.kind.gs1_prefix_verified':
    'Der Betreiber hat die GS1-Basisnummer {prefix} von {organization} bestätigt.',
  'notifications.kind.gs1_prefix_rejected':
    'Der Betreiber hat die GS1-Basisnummer {prefix} von {organization} abgelehnt: {reason}',
  'notifications.prefs.title': 'Benachrichtigungen',
  'notifications.prefs.intro':
    'Wählen Sie, worüber Sie informiert werden: im Dashboard (die Glocke) und per E-Mail. E-Mails kommen in der Sprache Ihres Kontos, und jede enthält einen Link, um diese Art abzubestellen.',
  'notifications.prefs.kind': 'Benachrichtigung',
  'notifications.prefs.inApp': 'Im Dashboard',
  'notifications.prefs.email': 'Per E-Mail',
  'notifications.prefs.save': 'Benachrichtigungseinstellungen speichern',
  'notifications.prefs.saved': 'Benachrichtigungseinstellungen gespeichert.',
  'notifications.prefs.approval_requested': 'Ein Code wartet auf Ihre Freigabe',
  'notifications.prefs.code_approved': 'Ihr Code wurde freigegeben',
  'notifications.prefs.code_rejected': 'Ihr Code wurde abgelehnt',
  'notifications.prefs.code_commented': 'Jemand hat Ihren Code kommentiert',
  'notifications.prefs.mentioned': 'Jemand hat Sie in einem Kommentar erwähnt',
  'notifications.prefs.invitation_accepted': 'Jemand hat Ihre Einladung angenommen',
  'notifications.prefs.export_ready': 'Ihr Datenexport ist fertig',
  'notifications.prefs.usage_threshold': 'Ihre Organisation hat eine Nutzungsgrenze erreicht (Organisations-Admins)',
  'notifications.prefs.gs1_prefix_verified': 'Eine GS1-Basisnummer wurde bestätigt (Organisations-Admins)',
  'notifications.prefs.gs1_prefix_rejected': 'Eine GS1-Basisnummer wurde abgelehnt (Organisations-Admins)',
  'notifications.mentionHint':
    'Erwähnen Sie jemanden mit @ und Namen oder E-Mail-Adresse: Die Person wird benachrichtigt.',
};
