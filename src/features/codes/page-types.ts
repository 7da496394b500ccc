import type { ContentType } from '../../qr/payloads.js';

/**
 * Content that only exists as a hosted page: no QR payload format carries a link list, a file or
 * a pair of store links, so these codes are always dynamic (docs/decisions.md D24).
 */
export const PAGE_ONLY_TYPES = ['links', 'pdf', 'app'] as const;
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
