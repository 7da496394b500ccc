// The API's lists for the page editors (docs/decisions.md D82), in the editors' lazily loaded chunk.
/** The 14 allergens of EU Regulation 1169/2011, Annex II, as the API spells them. */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export const SOCIAL_NETWORKS = [
  'instagram',
  'facebook',
  'x',
  'tiktok',
  'youtube',
  'linkedin',
  'threads',
  'bluesky',
  'mastodon',
  'pinterest',
  'snapchat',
  'whatsapp',
  'telegram',
  'github',
  'website',
] as const;
export const MAX_SECTIONS = 12;
export const MAX_ITEMS = 40;
export const MAX_PROFILES = 20;
