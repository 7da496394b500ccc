// German messages of folders and campaigns.
import type { foldersEn } from './folders.en.js';

export const foldersDe: Record<keyof typeof foldersEn, string> = {
  'folders.title': 'Ordner',
  'folders.all': 'Alle Codes',
  'folders.none': 'In keinem Ordner',
  'folders.count': '{n, plural, one {# Code} other {# Codes}}',
  'folders.new': 'Neuer Ordner',
  'folders.name': 'Name',
  'folders.parent': 'Liegt in',
  'folders.top': 'Oberste Ebene',
  'folders.campaign': 'Kampagne (Zeitraum und UTM-Parameter für ihre neuen Codes)',
  'folders.startsOn': 'Beginnt am',
  'folders.endsOn': 'Endet am',
  'folders.utmSource': 'UTM-Quelle',
  'folders.utmCampaign': 'UTM-Kampagne',
  'folders.create': 'Ordner anlegen',
  'folders.created': 'Ordner „{name}“ angelegt.',
  'folders.rename': 'Umbenennen',
  'folders.renameLabel': 'Neuer Name für „{name}“',
  'folders.delete': 'Ordner löschen',
  'folders.deleteConfirm': 'Den leeren Ordner „{name}“ löschen?',
  'folders.kind.campaign': 'Kampagne',
  'folders.moveTo': 'Verschieben nach',
  'folders.move': 'Verschieben',
  'folders.moved': '{n, plural, one {# Code} other {# Codes}} verschoben.',
  'folders.outOfAny': 'Kein Ordner',
};
