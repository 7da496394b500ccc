// Request examples of the codes routes, one per code type: the reference pre-fills them and
// test/platform/docs/request-examples.test.ts sends every one to a real server (docs/decisions.md D34).
// Each is the smallest body that creates a working code of its type.

type Named = Record<string, { summary: string; value: Record<string, unknown> }>;

export const CODE_CREATE_EXAMPLES: Named = {
  url: {
    summary: 'Dynamic URL (short URL, scans counted)',
    value: { type: 'url', url: 'https://example.com/spring-sale' },
  },
  url_static: {
    summary: 'Static URL (the QR holds the address)',
    value: { type: 'url', dynamic: false, url: 'https://example.com/menu' },
  },
  text: { summary: 'Text', value: { type: 'text', content: { text: 'Table 12: free Wi-Fi at the bar' } } },
  email: {
    summary: 'E-mail',
    value: { type: 'email', content: { to: 'support@example.com', subject: 'Order 1042' } },
  },
  phone: { summary: 'Phone call', value: { type: 'phone', content: { number: '+49 30 1234567' } } },
  sms: { summary: 'SMS', value: { type: 'sms', content: { number: '+49 151 2345678', message: 'JOIN' } } },
  wifi: {
    summary: 'Wi-Fi network',
    value: { type: 'wifi', content: { ssid: 'Cafe Guest', encryption: 'WPA', password: 'espresso-2026' } },
  },
  vcard: {
    summary: 'Contact card (vCard)',
    value: {
      type: 'vcard',
      content: { first_name: 'Ada', last_name: 'Lovelace', organization: 'Acme', email: 'ada@example.com' },
    },
  },
  geo: {
    summary: 'Location',
    value: { type: 'geo', content: { lat: 52.5163, lng: 13.3777, query: 'Brandenburger Tor' } },
  },
  links: {
    summary: 'Link page (hosted)',
    value: {
      type: 'links',
      content: {
        title: 'Acme Coffee',
        links: [
          { label: 'Menu', url: 'https://example.com/menu' },
          { label: 'Opening hours', url: 'https://example.com/hours' },
        ],
      },
    },
  },
  pdf: {
    summary: 'PDF page (hosted; upload the file first with POST /v1/files)',
    value: { type: 'pdf', content: { file_id: 'fil_01JD3Y2K8Q9XW4T5N6M7P8R9S0', title: 'Lunch menu' } },
  },
  app: {
    summary: 'App download page (hosted)',
    value: {
      type: 'app',
      content: { name: 'Acme Coffee', app_store_url: 'https://apps.apple.com/app/id1234567890' },
    },
  },
};

export const CODE_BATCH_EXAMPLE = {
  codes: [
    { type: 'url', url: 'https://example.com/spring-sale', title: 'Flyer A', tags: ['spring'] },
    { type: 'url', url: 'https://example.com/spring-sale', title: 'Flyer B', tags: ['spring'] },
  ],
};

export const CODE_UPDATE_EXAMPLE = { url: 'https://example.com/summer-sale', title: 'Summer sale flyer' };
