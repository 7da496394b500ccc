// Speisekarten-, Gutschein-, Veranstaltungs- und Social-Media-Seiten (D82): Typnamen und die Felder
// des Code-Formulars selbst; die übrigen Wörter der Editoren: pages/code/page-words.table.ts.
import type { pagesEn } from './pages.en.js';

export const pagesDe: Record<keyof typeof pagesEn, string> = {
  'type.menu': 'Speisekarte',
  'type.coupon': 'Gutschein',
  'type.event': 'Veranstaltung',
  'type.social': 'Social-Media-Profile',
  'pages.currency': 'Währung (ISO-Code, z. B. EUR)',
  'pages.couponCode': 'Gutscheincode',
  'pages.lastDay': 'Gültig bis einschließlich',
  'pages.terms': 'Bedingungen',
  'pages.redeemUrl': 'Online einlösen unter (URL)',
  'pages.place': 'Ort',
  'pages.eventUrl': 'Link (Tickets, Details)',
} as const;
