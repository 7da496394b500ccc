// English messages of conversions and GA4 forwarding (docs/decisions.md D81); German twins in conversions.de.ts.
export const conversionsEn = {
  'conversions.count': 'Conversions',
  'conversions.rate': 'Conversion rate',
  'conversions.revenue': 'Revenue',
  'conversions.noRevenue': 'No revenue yet',
  'conversions.recent': 'Latest conversions',
  'conversions.when': 'When',
  'conversions.event': 'Event',
  'conversions.value': 'Value',
  'conversions.eventId': 'Your event id',
  'ga4.title': 'Google Analytics 4',
  'ga4.hint':
    'Each scan (bots left out) is sent to GA4 as a qr_scan event, from the background jobs, a few seconds after it is recorded.',
  'ga4.on': 'Scans are forwarded to {id}.',
  'ga4.off': 'Scans are not forwarded.',
  'ga4.measurementId': 'Measurement id',
  'ga4.measurementIdHint': 'Of your GA4 data stream, such as G-ABC123XYZ9.',
  'ga4.apiSecret': 'Measurement Protocol API secret',
  'ga4.apiSecretHint': 'Stored encrypted and never shown again. Enter it anew to change the settings.',
  'ga4.save': 'Forward scans',
  'ga4.remove': 'Stop forwarding',
};
