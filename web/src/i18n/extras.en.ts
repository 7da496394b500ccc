// English messages of the data-export list, the user's language, the phone editor, colour pickers,
// dates and the custom-domain instructions; spread into en.ts, with their German twins in extras.de.ts.
export const extrasEn = {
  'extras.language.title': 'Language',
  'extras.language.label': 'Language of the dashboard and your e-mail',
  'extras.language.hint': 'Mail from qrs (password reset, invitations, notices) arrives in this language.',
  'extras.language.saved': 'Saved: the dashboard and your e-mail are in {language}.',
  'extras.exports.caption': 'Your data exports',
  'extras.exports.none': 'You have not requested an export in this organization yet.',
  'extras.exports.requested': 'Requested',
  'extras.exports.scope': 'Contents',
  'extras.exports.scope.user': 'My data',
  'extras.exports.scope.organization': 'Whole organization',
  'extras.exports.status': 'Status',
  'extras.exports.available': 'Download',
  'extras.fold.set': 'set',
  'extras.preview.show': 'Preview',
  'extras.preview.problem': 'Preview: see the message',
  'extras.colour.pick': 'Colour picker',
  'extras.time.label': 'Time',
  'extras.time.hint': '24-hour, e.g. 17:30; midnight (00:00) if left as it is.',
  'extras.time.invalid': 'Enter the time as hours and minutes, e.g. 17:30.',
  'extras.domains.pointTitle': 'Point the domain at this service',
  'extras.domains.pointIntro':
    'So that scans of {domain} reach qrs, create this record at your DNS provider as well (the TXT record only proves the domain is yours):',
  'extras.domains.apex':
    'Where a CNAME is not possible (a bare domain such as brand.com), create A and AAAA records with the same addresses as {host} instead.',
  'extras.domains.lookup': 'Its current addresses:',
  'extras.domains.tls':
    'The service must also hold a TLS certificate for the domain; your administrator sets that up on the proxy in front of qrs.',
} as const;
