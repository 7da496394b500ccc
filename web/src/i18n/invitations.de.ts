// Deutsche Texte der Einladungsseite und der Registrierung über den Einladungslink; dieselben
// Schlüssel wie invitations.en.ts.
import type { invitationsEn } from './invitations.en.js';

export const invitationsDe: Record<keyof typeof invitationsEn, string> = {
  'invitation.title': 'Einladung zu {org}',
  'invitation.loading': 'Die Einladung wird geladen …',
  'invitation.notFound.title': 'Einladung nicht gefunden',
  'invitation.notFound.text':
    'Dieser Link ist ungültig. Prüfen Sie, ob Sie den vollständigen Link aus der Einladungs-E-Mail geöffnet haben.',
  'invitation.invitedBy': '{inviter} hat Sie eingeladen, {org} auf qrs beizutreten.',
  'invitation.invited': 'Sie wurden eingeladen, {org} auf qrs beizutreten.',
  'invitation.sentTo': 'Gesendet an',
  'invitation.orgRole': 'Rolle in der Organisation',
  'invitation.workspaces': 'Arbeitsbereiche',
  'invitation.allWorkspaces': 'Alle Arbeitsbereiche, als Organisations-Admin',
  'invitation.noWorkspaces': 'Noch keine: Ein Admin kann Sie später zu Arbeitsbereichen hinzufügen.',
  'invitation.validUntil': 'Gültig bis',
  'invitation.status.expired':
    'Diese Einladung ist am {date} abgelaufen. Bitten Sie die Person, die Sie eingeladen hat, um eine neue.',
  'invitation.status.replaced':
    'Dieser Link wurde durch eine neuere Einladung ersetzt. Öffnen Sie den Link in der neuesten Einladungs-E-Mail.',
  'invitation.status.accepted': 'Diese Einladung wurde bereits angenommen.',
  'invitation.status.declined': 'Diese Einladung wurde abgelehnt.',
  'invitation.status.revoked':
    'Diese Einladung wurde zurückgezogen. Bitten Sie die Person, die Sie eingeladen hat, um eine neue, falls Sie noch Zugang brauchen.',
  'invitation.new':
    'Legen Sie mit {email} ein Konto an, um beizutreten. Dabei wird keine eigene Organisation für Sie angelegt.',
  'invitation.existing': 'Es gibt bereits ein Konto mit {email}. Melden Sie sich an, um die Einladung anzunehmen.',
  'invitation.createAccount': 'Konto anlegen',
  'invitation.logIn': 'Anmelden',
  'invitation.accept': 'Annehmen und {org} beitreten',
  'invitation.decline': 'Ablehnen',
  'invitation.declined': 'Sie haben die Einladung zu {org} abgelehnt.',
  'invitation.otherAccount':
    'Sie sind als {current} angemeldet, diese Einladung gilt aber für {email}. Melden Sie sich ab und melden Sie sich dann mit {email} an, oder registrieren Sie sich mit dieser Adresse.',
  'invitation.logOut': 'Abmelden',
  'invitation.toDashboard': 'Zum Dashboard',
  'invitation.signupTitle': '{org} beitreten',
  'invitation.signupIntro':
    'Wählen Sie ein Passwort, um Ihr Konto anzulegen. Sie treten {org} mit den Rollen der Einladung bei; eine eigene Organisation wird nicht angelegt.',
  'invitation.emailLocked': 'An diese Adresse wurde die Einladung geschickt.',
  'invitation.signupButton': 'Konto anlegen und beitreten',
  'invitation.back': 'Zurück zur Einladung',
  'invitation.banner.useLink':
    'Öffnen Sie den Link in der Einladungs-E-Mail an {email}: Er zeigt, wer Sie mit welchen Rollen eingeladen hat, und nimmt die Einladung mit einem Klick an.',
};
