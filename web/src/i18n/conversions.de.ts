// German messages of conversions and GA4 forwarding.
import type { conversionsEn } from './conversions.en.js';

export const conversionsDe: Record<keyof typeof conversionsEn, string> = {
  'conversions.count': 'Conversions',
  'conversions.rate': 'Conversion-Rate',
  'conversions.revenue': 'Umsatz',
  'conversions.noRevenue': 'Noch kein Umsatz',
  'conversions.recent': 'Neueste Conversions',
  'conversions.when': 'Wann',
  'conversions.event': 'Ereignis',
  'conversions.value': 'Wert',
  'conversions.eventId': 'Ihre Ereignis-ID',
  'ga4.title': 'Google Analytics 4',
  'ga4.hint':
    'Jeder Scan (ohne Bots) geht als Ereignis qr_scan an GA4, aus den Hintergrundaufgaben, wenige Sekunden nach der Erfassung.',
  'ga4.on': 'Scans werden an {id} weitergegeben.',
  'ga4.off': 'Scans werden nicht weitergegeben.',
  'ga4.measurementId': 'Mess-ID',
  'ga4.measurementIdHint': 'Ihres GA4-Datenstroms, etwa G-ABC123XYZ9.',
  'ga4.apiSecret': 'API-Secret des Measurement Protocol',
  'ga4.apiSecretHint': 'Wird verschlüsselt gespeichert und nie wieder angezeigt. Zum Ändern neu eingeben.',
  'ga4.save': 'Scans weitergeben',
  'ga4.remove': 'Weitergabe beenden',
};
