// The kinds and states of a code, in the order the dashboard lists them.
export const CODE_TYPES = [
  'url',
  'text',
  'email',
  'phone',
  'sms',
  'wifi',
  'vcard',
  'geo',
  'links',
  'pdf',
  'app',
  'menu',
  'coupon',
  'event',
  'social',
] as const;
export const CODE_STATUSES = ['active', 'paused', 'pending_approval', 'rejected', 'expired'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
