// A brand kit as its form holds it: strings while the user types, '' for "not set"; the fields
// are named for their place in the body (`style.page.accent` is `/style/page/accent`).
import type { BrandKit } from '../../../api/hooks/brand';
import { designDraftOf, designStyleOf, emptyDesign, type DesignDraft } from '../../code/design-form';

export const PAGE_FONTS = ['system', 'sans', 'serif', 'rounded', 'mono'] as const;

export interface KitValues {
  name: string;
  /** the colours, the code editor's design fields (DesignFields) and the hosted pages' look */
  style: DesignDraft & {
    foreground: string;
    background: string;
    /** the hosted pages' look (docs/decisions.md D82) */
    page: { accent: string; background: string; font: string; logo_id: string };
  };
  pages_default: boolean;
}

export const emptyKit = (): KitValues => ({
  name: '',
  style: {
    foreground: '',
    background: '',
    ...emptyDesign(),
    page: { accent: '', background: '', font: '', logo_id: '' },
  },
  pages_default: false,
});

export const kitValuesOf = (k: BrandKit): KitValues => ({
  name: k.name,
  style: {
    foreground: k.style.foreground ?? '',
    background: k.style.background ?? '',
    ...designDraftOf(k.style),
    page: {
      accent: k.style.page?.accent ?? '',
      background: k.style.page?.background ?? '',
      font: k.style.page?.font ?? '',
      logo_id: k.style.page?.logo_id ?? '',
    },
  },
  pages_default: k.pages_default,
});

/** The page style, or null when the kit leaves the pages alone. */
function pageStyleOf(page: KitValues['style']['page']) {
  const p = {
    accent: page.accent.trim() || null,
    background: page.background.trim() || null,
    font: page.font || null,
    logo_id: page.logo_id || null,
  };
  return Object.values(p).some((v) => v !== null) ? p : null;
}

/** The kit's style as the API takes it: every field, null where the kit leaves it to the code. */
export const kitStyleOf = (v: KitValues) => ({
  foreground: v.style.foreground.trim() || null,
  background: v.style.background.trim() || null,
  ...designStyleOf(v.style),
  page: pageStyleOf(v.style.page),
});

export const kitBodyOf = (v: KitValues) => ({
  name: v.name.trim(),
  style: kitStyleOf(v),
  pages_default: v.pages_default,
});
export type KitBody = ReturnType<typeof kitBodyOf>;
