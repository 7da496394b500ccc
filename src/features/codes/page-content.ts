// Rules of the newer page types beyond their schemas (docs/decisions.md D82): the links they send
// visitors to (checked like destinations) and an event that ends before it starts.
import type { FieldError } from '../../http/errors.js';
import type { CouponContent, EventContent, SocialContent } from './page-types.js';

/** The links a menu, coupon, event or social page sends visitors to, with pointers under /content. */
export function newPageUrls(type: string, content: unknown): Array<[string, string]> {
  if (type === 'social') return (content as SocialContent).profiles.map((l, i) => [`/profiles/${i}/url`, l.url]);
  if (type === 'coupon' || type === 'event') {
    const url = (content as CouponContent | EventContent).url;
    return url ? [['/url', url]] : [];
  }
  return [];
}

/** Cross-field rules of a page's content, after its schema passed. */
export function pageContentProblems(type: string, content: unknown, base: string): FieldError[] {
  if (type !== 'event') return [];
  const c = content as EventContent;
  if (c.ends_at && Date.parse(c.ends_at) < Date.parse(c.starts_at))
    return [{ pointer: `${base}/ends_at`, detail: 'ends_at must not be before starts_at', code: 'range' }];
  return [];
}
