// The design part of a code's (or brand kit's) style as the form holds it: strings while the user
// types, '' for "not set" so a brand kit's value shows through (docs/decisions.md D23, D30).
// Only the body conversion parses them, so a bad value reaches the API, which names the field.

export const MODULE_SHAPES = ['square', 'rounded', 'dots'] as const;
export const EYE_SHAPES = ['square', 'rounded', 'circle'] as const;
export const GRADIENT_DIRECTIONS = ['horizontal', 'vertical', 'diagonal'] as const;
export const FRAME_FONTS = ['sans', 'serif', 'mono'] as const;

export interface DesignDraft {
  brandKitId: string;
  moduleShape: '' | (typeof MODULE_SHAPES)[number];
  eyeShape: '' | (typeof EYE_SHAPES)[number];
  eyeColor: string;
  gradientTo: string;
  gradientDirection: (typeof GRADIENT_DIRECTIONS)[number];
  logoId: string;
  /** percent of the symbol's edge, as typed */
  logoSize: string;
  frameText: string;
  frameFont: '' | (typeof FRAME_FONTS)[number];
  frameColor: string;
  frameTextColor: string;
}

/** The style fields this draft writes; the names of the API (CodeStyle, BrandKitStyle). */
export interface DesignStyle {
  module_shape?: string | null;
  eye_shape?: string | null;
  eye_color?: string | null;
  gradient?: { to: string; direction: string } | null;
  logo_id?: string | null;
  logo_size?: number | string | null;
  frame?: { text: string; font?: string | null; color?: string | null; text_color?: string | null } | null;
  brand_kit_id?: string | null;
}

export const emptyDesign = (): DesignDraft => ({
  brandKitId: '',
  moduleShape: '',
  eyeShape: '',
  eyeColor: '',
  gradientTo: '',
  gradientDirection: 'diagonal',
  logoId: '',
  logoSize: '',
  frameText: '',
  frameFont: '',
  frameColor: '',
  frameTextColor: '',
});

/** Whether any design field holds a value (a kit, a shape, a colour, a logo, a frame). */
export function designFilled(d: DesignDraft): boolean {
  return Object.entries(d).some(([k, v]) => k !== 'gradientDirection' && v !== '');
}

/** A share of the edge (0.2) as the percent the form shows (20), without float noise. */
const percent = (share: number) => String(Math.round(share * 1000) / 10);

export function designDraftOf(s: DesignStyle): DesignDraft {
  return {
    brandKitId: s.brand_kit_id ?? '',
    moduleShape: (s.module_shape ?? '') as DesignDraft['moduleShape'],
    eyeShape: (s.eye_shape ?? '') as DesignDraft['eyeShape'],
    eyeColor: s.eye_color ?? '',
    gradientTo: s.gradient?.to ?? '',
    gradientDirection: (s.gradient?.direction ?? 'diagonal') as DesignDraft['gradientDirection'],
    logoId: s.logo_id ?? '',
    logoSize: typeof s.logo_size === 'number' ? percent(s.logo_size) : '',
    frameText: s.frame?.text ?? '',
    frameFont: (s.frame?.font ?? '') as DesignDraft['frameFont'],
    frameColor: s.frame?.color ?? '',
    frameTextColor: s.frame?.text_color ?? '',
  };
}

/** A percent typed as a number becomes the API's share; anything else goes as typed, for the API to name. */
function shareOf(text: string): number | string | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? Math.round(n * 10) / 1000 : text;
}

/** The style fields of a design draft; every field present, null where the draft sets nothing. */
export function designStyleOf(d: DesignDraft, withKit = true): DesignStyle {
  const frameText = d.frameText.trim();
  return {
    module_shape: d.moduleShape || null,
    eye_shape: d.eyeShape || null,
    eye_color: d.eyeColor.trim() || null,
    gradient: d.gradientTo.trim() ? { to: d.gradientTo.trim(), direction: d.gradientDirection } : null,
    logo_id: d.logoId || null,
    logo_size: shareOf(d.logoSize),
    frame: frameText
      ? {
          text: frameText,
          font: d.frameFont || null,
          color: d.frameColor.trim() || null,
          text_color: d.frameTextColor.trim() || null,
        }
      : null,
    ...(withKit ? { brand_kit_id: d.brandKitId || null } : {}),
  };
}
