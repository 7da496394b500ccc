export type Rgb = readonly [r: number, g: number, b: number];

export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** `#RRGGBB` → [r, g, b] in 0..255. Throws on anything else so a bad colour never reaches output. */
export function parseHex(hex: string): Rgb {
  if (!HEX_COLOR.test(hex)) throw new TypeError(`not a #RRGGBB colour: ${JSON.stringify(hex)}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.x relative luminance, 0 (black) .. 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 .. 21, independent of order. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Shortest decimal form for PDF/PS/SVG numbers: no exponent, no trailing zeros. */
export function num(v: number, digits = 4): string {
  let s = v.toFixed(digits);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}
