import type { ContentType } from '../../qr/payloads.js';

/**
 * Content that only exists as a hosted page: no QR payload format carries a link list, a file or
 * a pair of store links, so these codes are always dynamic (docs/decisions.md D24).
 */
export const PAGE_ONLY_TYPES = ['links', 'pdf', 'app', 'menu', 'coupon', 'event', 'social'] as const;
export type PageOnlyType = (typeof PAGE_ONLY_TYPES)[number];
export type CodeType = ContentType | PageOnlyType;

/** Types whose dynamic code answers with a hosted page instead of a redirect. */
export const PAGE_TYPES: readonly string[] = ['vcard', 'text', ...PAGE_ONLY_TYPES];

export const isPageOnly = (type: string): type is PageOnlyType => (PAGE_ONLY_TYPES as readonly string[]).includes(type);
export const isPageType = (type: string) => PAGE_TYPES.includes(type);

/** A url code and a hosted-only page are dynamic unless told otherwise; other content is static. */
export const defaultDynamic = (type: string) => type === 'url' || isPageOnly(type);

export interface LinksContent {
  title: string;
  description?: string;
  links: Array<{ label: string; url: string }>;
}
export interface PdfContent {
  file_id: string;
  title?: string;
  description?: string;
}
export interface AppContent {
  name: string;
  description?: string;
  app_store_url?: string;
  play_store_url?: string;
}

/** The 14 allergens EU Regulation 1169/2011 (Annex II) requires a menu to declare. */
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
export type Allergen = (typeof ALLERGENS)[number];

export interface MenuItem {
  name: string;
  description?: string;
  price?: number;
  allergens?: Allergen[];
}
export interface MenuContent {
  title: string;
  description?: string;
  /** ISO 4217, default EUR */
  currency?: string;
  sections: Array<{ name: string; items: MenuItem[] }>;
}
export interface CouponContent {
  title: string;
  description?: string;
  /** what the visitor shows or types at checkout */
  code?: string;
  /** last valid day, YYYY-MM-DD, in the workspace's time zone */
  expires_on?: string;
  terms?: string;
  /** where to redeem it online */
  url?: string;
}
export interface EventContent {
  title: string;
  description?: string;
  /** RFC 3339 with an offset */
  starts_at: string;
  ends_at?: string;
  location?: string;
  url?: string;
}
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
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export interface SocialContent {
  title: string;
  description?: string;
  profiles: Array<{ network: SocialNetwork; url: string; label?: string }>;
}
