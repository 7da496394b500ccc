// Deutsche Wörter für Single Sign-on (docs/decisions.md D80), zu sso.en.ts.
import type { ssoEn } from './sso.en.js';

export const ssoDe: Record<keyof typeof ssoEn, string> = {
  'nav.sso': 'Single Sign-on',
  'sso.title': 'Single Sign-on (OpenID Connect)',
  'sso.intro':
    'Mitglieder melden sich über Ihren Identitätsanbieter an (Okta, Entra ID, Google, Keycloak …). Tragen Sie dort die Rückrufadresse unten ein und hier ein, was der Anbieter ausgegeben hat.',
  'sso.redirectUri': 'Rückrufadresse (Redirect-URI) zum Eintragen',
  'sso.signInUrl': 'Anmeldeadresse für Ihre Mitglieder',
  'sso.issuer': 'Issuer-URL',
  'sso.issuerHint': 'Zum Beispiel https://acme.okta.com oder https://login.microsoftonline.com/<Mandant>/v2.0',
  'sso.clientId': 'Client-ID',
  'sso.clientSecret': 'Client-Geheimnis',
  'sso.clientSecretKept': 'Gespeichert und nie angezeigt. Leer lassen, um es zu behalten.',
  'sso.roleClaim': 'Claim mit Gruppen oder Rollen',
  'sso.roleClaimHint': 'Zum Beispiel groups, roles oder realm_access.roles. Leer: Alle erhalten die Standardrolle.',
  'sso.mappings': 'Claim-Werte und Rollen',
  'sso.mappingsHint': 'Bei der ersten Anmeldung zählt jeder passende Wert; die Rolle mit den meisten Rechten gewinnt.',
  'sso.mappingValue': 'Wert',
  'sso.mappingRole': 'Rolle',
  'sso.addMapping': 'Wert hinzufügen',
  'sso.removeMapping': 'Wert {value} entfernen',
  'sso.defaultRole': 'Rolle, wenn kein Wert passt',
  'sso.refuse': 'Kein Zugang (Anmeldung ablehnen)',
  'sso.required': 'Single Sign-on verlangen: Mitglieder können sich nicht mit Passwort anmelden oder es zurücksetzen',
  'sso.requiredHint': 'Melden Sie sich zuerst selbst einmal per Single Sign-on an, bevor Sie dies einschalten.',
  'sso.remove': 'Single Sign-on entfernen',
  'sso.removed': 'Single Sign-on ist entfernt. Mitglieder melden sich wieder mit Passwort an.',
  'sso.notSet': 'Single Sign-on ist noch nicht eingerichtet.',
  'sso.login.button': 'Mit SSO anmelden',
  'sso.login.organization': 'Ihre Organisation (ihr Kurzname)',
  'sso.login.go': 'Weiter zu Ihrem Identitätsanbieter',
};
