// Content of the menu, coupon, event and social pages (docs/decisions.md D82) the API and browser tests share.
export const MENU = {
  title: 'Café Linde',
  description: 'Lunch 12–15 h',
  currency: 'EUR',
  sections: [
    {
      name: 'Mains',
      items: [
        { name: 'Käsespätzle', description: 'with fried onions', price: 12.5, allergens: ['gluten', 'eggs', 'milk'] },
        { name: 'Salad', price: 8 },
      ],
    },
    { name: 'Drinks', items: [{ name: 'Apfelschorle', price: 3.2 }] },
  ],
};
export const COUPON = {
  title: '10 % off',
  code: 'LINDE10',
  expires_on: '2099-12-31',
  terms: 'One per visit.',
  url: 'https://example.com/shop',
};
export const EVENT = {
  title: 'Summer party, with music; and more',
  description: 'Bring friends.\nFree entry.',
  starts_at: '2027-06-30T19:00:00+02:00',
  ends_at: '2027-06-30T23:00:00+02:00',
  location: 'Café Linde, Lindenstraße 1, Berlin',
  url: 'https://example.com/party',
};
export const SOCIAL = {
  title: 'Café Linde',
  profiles: [
    { network: 'instagram', url: 'https://instagram.com/cafelinde' },
    { network: 'mastodon', url: 'https://mastodon.social/@linde', label: 'Mastodon (social)' },
  ],
};
