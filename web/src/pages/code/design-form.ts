// The design part of a code's (or brand kit's) style as the form holds it: strings while the user
// types, '' for "not set" so a brand kit's value shows through (docs/decisions.md D23, D30).
// Only the body conversion parses them, so a bad value reaches the API, which names the field.

export const MODULE_SHAPES = ['square', 'rounded', 'dots'] as const;
export const EYE_SHAPES = ['square', 'rounded', 'circle'] as const;
export const GRADIENT_DIRECTIONS = ['horizontal', 'vertical', 'diagonal'] as const;
export const FRAME_FONTS = ['sans', 'serif', 'mono'] as const;

/** The design members of a style, named as the body names them (`style.frame.text` is `/style/frame/text`). */
export interface DesignDraft {
  module_shape: '' | (typeof MODULE_SHAPES)[number];
  eye_shape: '' | (typeof EYE_SHAPES)[number];
  eye_color: string;
  gradient: { to: string; direction: (typeof GRADIENT_DIRECTIONS)[number] };
  logo_id: string;
  /** percent of the symbol's edge, as typed */
  logo_size: string;
  frame: { text: string; font: '' | (typeof FRAME_FONTS)[number]; color: string; text_color: string };
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
}

export const emptyDesign = (): DesignDraft => ({
  module_shape: '',
  eye_shape: '',
  eye_color: '',
  gradient: { to: '', direction: 'diagonal' },
  logo_id: '',
  logo_size: '',
  frame: { text: '', font: '', color: '', text_color: '' },
});

/** Whether any design field holds a value (a kit, a shape, a colour, a logo, a frame). */
export function designFilled(d: DesignDraft & { brand_kit_id?: string }): boolean {
  const { brand_kit_id = '', module_shape, eye_shape, eye_color, gradient, logo_id, logo_size, frame } = d;
  const own = [brand_kit_id, module_shape, eye_shape, eye_color, gradient.to, logo_id, logo_size];
  return [...own, ...Object.values(frame)].some((v) => v !== '');
}

/** A share of the edge (0.2) as the percent the form shows (20), without float noise. */
const percent = (share: number) => String(Math.round(share * 1000) / 10);

export function designDraftOf(s: DesignStyle): DesignDraft {
  return {
    module_shape: (s.module_shape ?? '') as DesignDraft['module_shape'],
    eye_shape: (s.eye_shape ?? '') as DesignDraft['eye_shape'],
    eye_color: s.eye_color ?? '',
    gradient: {
      to: s.gradient?.to ?? '',
      direction: (s.gradient?.direction ?? 'diagonal') as DesignDraft['gradient']['direction'],
    },
    logo_id: s.logo_id ?? '',
    logo_size: typeof s.logo_size === 'number' ? percent(s.logo_size) : '',
    frame: {
      text: s.frame?.text ?? '',
      font: (s.frame?.font ?? '') as DesignDraft['frame']['font'],
      color: s.frame?.color ?? '',
      text_color: s.frame?.text_color ?? '',
    },
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
export function designStyleOf(d: DesignDraft): DesignStyle {
  const frameText = d.frame.text.trim();
  const to = d.gradient.to.trim();
  return {
    module_shape: d.module_shape || null,
    eye_shape: d.eye_shape || null,
    eye_color: d.eye_color.trim() || null,
    gradient: to ? { to, direction: d.gradient.direction } : null,
    logo_id: d.logo_id || null,
    logo_size: shareOf(d.logo_size),
    frame: frameText
      ? {
          text: frameText,
          font: d.frame.font || null,
          color: d.frame.color.trim() || null,
          text_color: d.frame.text_color.trim() || null,
        }
      : null,
  };
}
