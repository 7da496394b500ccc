// Whether a code can be drawn at all: the rules the image routes apply when they render, checked
// when a code is saved, so a code that every download would refuse is never stored.
import type { Ecc } from './matrix.js';
import { buildMatrix } from './matrix.js';
import { resolveRenderOptions } from './options.js';
import { DEFAULT_LOGO_SCALE, logoFits } from './logo.js';

/** A code's stored look; null or absent means the workspace or renderer default. */
export interface PrintStyle {
  foreground?: string | null;
  background?: string | null;
  error_correction?: Ecc | null;
  margin?: number | null;
  /** a logo in the centre: level H, and the logo must leave the symbol readable */
  logo_id?: string | null;
  logo_size?: number | null;
}

export interface PrintProblem {
  /** JSON Pointer relative to the code object: /style/…, or the payload's pointer. */
  pointer: string;
  detail: string;
  code: 'contrast' | 'inverted' | 'capacity' | 'logo_too_large';
}

// Byte-mode capacity of a version 40 symbol (ISO/IEC 18004 table 7). Any text whose UTF-8 form
// fits is certain to fit, so only longer texts pay for building a matrix.
const BYTE_CAPACITY: Record<Ecc, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };

function fits(payload: string, ecc: Ecc): boolean {
  if (Buffer.byteLength(payload, 'utf8') <= BYTE_CAPACITY[ecc]) return true;
  try {
    buildMatrix(payload, ecc);
    return true;
  } catch (err) {
    if (err instanceof RangeError) return false;
    throw err;
  }
}

/**
 * The problems that would make every image of this code a 422: colours below the minimum
 * contrast, light modules on a dark background, or a payload too long for its error-correction
 * level. The image routes and the live preview resolve colours with the same
 * `resolveRenderOptions`, so what is saved is what renders. `payloadPointer` names the field
 * the payload came from (/url, /content).
 */
export function printProblems(
  payload: string,
  style: PrintStyle,
  payloadPointer: string,
  brandColor: string | null = null,
): PrintProblem[] {
  const resolved = resolveRenderOptions(
    {},
    {
      fg: style.foreground ?? undefined,
      bg: style.background ?? undefined,
      ecc: style.error_correction ?? undefined,
      margin: style.margin ?? undefined,
      brandColor,
    },
  );
  if (!resolved.ok) {
    const pointer = style.foreground != null || style.background == null ? '/style/foreground' : '/style/background';
    return resolved.problems.map((p) => ({ pointer, detail: p.detail, code: p.code }));
  }
  const logo = style.logo_id != null;
  const ecc = logo ? 'H' : resolved.options.ecc;
  if (payload === '' || fits(payload, ecc)) {
    const scale = style.logo_size ?? DEFAULT_LOGO_SCALE;
    if (!logo || payload === '' || logoFits(payload, scale)) return [];
    return [
      {
        pointer: style.logo_size != null ? '/style/logo_size' : '/style/logo_id',
        detail: `a logo ${scale} of the symbol's edge hides more than error correction H can recover for this content; use a smaller logo_size or shorter content`,
        code: 'logo_too_large',
      },
    ];
  }
  return [
    {
      pointer: style.error_correction != null && !logo ? '/style/error_correction' : payloadPointer,
      detail: `the content does not fit a QR symbol at error correction ${ecc}; use a lower level or shorter content`,
      code: 'capacity',
    },
  ];
}
