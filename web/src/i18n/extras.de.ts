// Deutsche Texte der Export-Liste, der Sprache, des Editors auf dem Telefon, der Farbwähler, der
// Datumsfelder und der Anleitung für eigene Domains; dieselben Schlüssel wie extras.en.ts.
import type { extrasEn } from './extras.en.js';

export const extrasDe: Record<keyof typeof extrasEn, string> = {
  'extras.language.title': 'Sprache',
  'extras.language.label': 'Sprache des Dashboards und Ihrer E-Mails',
  'extras.language.hint':
    'E-Mails von qrs (Passwort zurücksetzen, Einladungen, Hinweise) erhalten Sie in dieser Sprache.',
  'extras.language.saved': 'Gespeichert: Dashboard und E-Mails sind jetzt auf {language}.',
  'extras.exports.caption': 'Ihre Datenexporte',
  'extras.exports.none': 'Sie haben in dieser Organisation noch keinen Export angefordert.',
  'extras.exports.requested': 'Angefordert',
  'extras.exports.scope': 'Inhalt',
  'extras.exports.scope.user': 'Meine Daten',
  'extras.exports.scope.organization': 'Ganze Organisation',
  'extras.exports.status': 'Status',
  'extras.exports.available': 'Download',
  'extras.fold.set': 'gesetzt',
  'extras.preview.show': 'Vorschau',
  'extras.preview.problem': 'Vorschau: siehe Hinweis',
  'extras.colour.pick': 'Farbwähler',
  'extras.time.label': 'Uhrzeit',
  'extras.time.hint': '24-Stunden-Format, z. B. 17:30; ohne Angabe Mitternacht (00:00).',
  'extras.time.invalid': 'Geben Sie die Uhrzeit als Stunden und Minuten ein, z. B. 17:30.',
  'extras.domains.pointTitle': 'Domain auf diesen Dienst zeigen lassen',
  'extras.domains.pointIntro':
    'Damit Scans von {domain} bei qrs ankommen, legen Sie bei Ihrem DNS-Anbieter auch diesen Eintrag an (der TXT-Eintrag beweist nur, dass Ihnen die Domain gehört):',
  'extras.domains.apex':
    'Wo kein CNAME möglich ist (bei einer Domain ohne Subdomain wie brand.de), legen Sie stattdessen A- und AAAA-Einträge mit denselben Adressen wie {host} an.',
  'extras.domains.lookup': 'Seine aktuellen Adressen:',
  'extras.domains.tls':
    'Außerdem braucht der Dienst ein TLS-Zertifikat für die Domain; das richtet Ihre Administration am Proxy vor qrs ein.',
} as const;
