// Deutsche Texte der Konto-Seiten; dieselben Schlüssel wie account.en.ts.
import type { accountEn } from './account.en.js';

export const accountDe: Record<keyof typeof accountEn, string> = {
  'account.backToLogin': 'Zurück zur Anmeldung',
  'account.banner.title': 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
  'account.banner.text':
    'Wir haben einen Link an {email} geschickt. Bis Sie ihm folgen, können Sie keine Einladungen annehmen und keine API-Schlüssel erstellen.',
  'account.banner.resend': 'Link erneut senden',
  'account.banner.sent': 'Ein neuer Link ist an {email} unterwegs. Frühere Links gelten nicht mehr.',
  'account.verify.title': 'E-Mail-Adresse bestätigen',
  'account.verify.intro': 'Bestätigen Sie, dass diese Adresse Ihnen gehört.',
  'account.verify.button': 'Adresse bestätigen',
  'account.verify.done': '{email} ist bestätigt. Vielen Dank.',
  'account.verify.again':
    'Melden Sie sich an und wählen Sie oben im Dashboard „Link erneut senden“, um einen neuen Link zu erhalten.',
  'account.confirmEmail.title': 'Neue E-Mail-Adresse bestätigen',
  'account.confirmEmail.intro': 'Ihr Konto verwendet ab jetzt diese neue Adresse, zum Anmelden und für E-Mails.',
  'account.confirmEmail.button': 'Diese Adresse verwenden',
  'account.confirmEmail.done': 'Ihr Konto verwendet jetzt {email}. Melden Sie sich damit an.',
  'account.confirmEmail.again': 'Beantragen Sie die Änderung in Ihren Kontoeinstellungen erneut.',
  'account.link.used': 'Dieser Link wurde bereits verwendet oder durch einen neueren ersetzt.',
  'account.link.expired': 'Dieser Link ist abgelaufen.',
  'account.link.invalid': 'Dieser Link ist ungültig.',
  'account.link.taken': 'Diese Adresse wird inzwischen von einem anderen Konto verwendet.',
  'account.link.toAccount': 'Zu Ihrem Konto',
  'account.forgot.link': 'Passwort vergessen?',
  'account.forgot.title': 'Passwort zurücksetzen',
  'account.forgot.intro':
    'Geben Sie die Adresse Ihres Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort wählen.',
  'account.forgot.send': 'Link zum Zurücksetzen senden',
  'account.forgot.sentTitle': 'Sehen Sie in Ihr Postfach',
  'account.forgot.sent':
    'Falls ein Konto {email} verwendet, ist ein Link zum Zurücksetzen des Passworts unterwegs. Er gilt einmal, eine Stunde lang.',
  'account.reset.title': 'Neues Passwort wählen',
  'account.reset.submit': 'Neues Passwort speichern',
  'account.reset.again': 'Neuen Link zum Zurücksetzen anfordern',
  'account.reset.done':
    'Ihr Passwort wurde geändert und alle Sitzungen wurden beendet. Melden Sie sich mit dem neuen Passwort an.',
  'account.login.codeTitle': 'Zwei-Faktor-Anmeldung',
  'account.login.codeIntro':
    'Geben Sie den 6-stelligen Code ein, den Ihre Authenticator-App für qrs anzeigt, oder einen Ihrer Wiederherstellungscodes.',
  'account.login.code': 'Anmeldecode',
  'account.login.codeHint': 'Ein Wiederherstellungscode sieht aus wie abcde-12345 und gilt einmal.',
  'account.login.codeWrong': 'Dieser Code ist falsch oder wurde schon verwendet.',
  'account.login.verify': 'Bestätigen',
  'account.login.back': 'Anderes Konto verwenden',
  'account.email.title': 'E-Mail-Adresse',
  'account.email.verified': 'bestätigt',
  'account.email.unverified': 'noch nicht bestätigt',
  'account.email.new': 'Neue E-Mail-Adresse',
  'account.email.password': 'Mit Ihrem Passwort bestätigen',
  'account.email.submit': 'E-Mail-Adresse ändern',
  'account.email.sent':
    'Wir haben einen Bestätigungslink an {email} geschickt. Ihre Adresse ändert sich, sobald Sie ihm folgen; bis dahin gilt die bisherige.',
  'account.twofa.title': 'Zwei-Faktor-Anmeldung',
  'account.twofa.offText':
    'Aus. Mit Zwei-Faktor-Anmeldung braucht die Anmeldung zusätzlich einen Code aus einer Authenticator-App auf Ihrem Telefon.',
  'account.twofa.onText':
    'An. Die Anmeldung braucht einen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode.',
  'account.twofa.orgRequires': 'Ihre Organisation verlangt die Zwei-Faktor-Anmeldung.',
  'account.twofa.setUp': 'Zwei-Faktor-Anmeldung einrichten',
  'account.twofa.password': 'Ihr Passwort',
  'account.twofa.passwordHint': 'Bestätigen Sie zum Einrichten, dass dies Ihr Konto ist.',
  'account.twofa.scanTitle': 'QR-Code scannen',
  'account.twofa.scan':
    'Scannen Sie diesen Code mit Ihrer Authenticator-App (zum Beispiel FreeOTP, Aegis oder Google Authenticator).',
  'account.twofa.qrAlt': 'QR-Code für Ihre Authenticator-App',
  'account.twofa.manual': 'Scannen geht nicht? Geben Sie stattdessen diesen Schlüssel in der App ein:',
  'account.twofa.copySecret': 'Schlüssel kopieren',
  'account.twofa.uri': 'Einrichtungslink anzeigen',
  'account.twofa.code': 'Code aus der App',
  'account.twofa.codeHint': 'Die 6 Ziffern, die die App gerade anzeigt.',
  'account.twofa.turnOn': 'Einschalten',
  'account.twofa.enabled': 'Die Zwei-Faktor-Anmeldung ist eingeschaltet.',
  'account.twofa.codeOrRecovery': 'Code aus der App oder Wiederherstellungscode',
  'account.twofa.turnOff': 'Zwei-Faktor-Anmeldung ausschalten',
  'account.codes.title': 'Ihre Wiederherstellungscodes',
  'account.codes.intro':
    'Wenn Sie Ihr Telefon verlieren, können Sie sich mit jedem dieser Codes einmal anmelden. Bewahren Sie sie jetzt sicher auf: Sie werden nicht noch einmal angezeigt.',
  'account.codes.copy': 'Codes kopieren',
  'account.codes.download': 'Codes herunterladen',
  'account.codes.done': 'Ich habe sie gespeichert',
  'account.codes.fileHead': 'qrs-Wiederherstellungscodes. Jeder gilt einmal.',
  'account.gate.title': 'Zwei-Faktor-Anmeldung einschalten',
  'account.gate.intro':
    'Ihre Organisation verlangt die Zwei-Faktor-Anmeldung. Richten Sie sie ein, um fortzufahren; mit einer Authenticator-App dauert das eine Minute.',
};
