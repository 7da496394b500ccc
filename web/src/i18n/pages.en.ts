// The menu, coupon, event and social pages (docs/decisions.md D82): the type names and the fields
// the code form shows itself. The editors' other words load with them (pages/code/page-words.table.ts).
export const pagesEn = {
  'type.menu': 'Menu',
  'type.coupon': 'Coupon',
  'type.event': 'Event',
  'type.social': 'Social profiles',
  'pages.currency': 'Currency (ISO code, e.g. EUR)',
  'pages.couponCode': 'Coupon code',
  'pages.lastDay': 'Last valid day',
  'pages.terms': 'Terms',
  'pages.redeemUrl': 'Redeem online at (URL)',
  'pages.place': 'Place',
  'pages.eventUrl': 'Link (tickets, details)',
} as const;
