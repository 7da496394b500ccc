import type { QrMatrix } from './matrix.js';
import { darkRects } from './matrix.js';
import type { PlacedLogo } from './logo.js';
import type { Frame } from './frame.js';

export type ModuleShape = 'square' | 'rounded' | 'dots';
export type EyeShape = 'square' | 'rounded' | 'circle';
export type GradientDirection = 'horizontal' | 'vertical' | 'diagonal';
export const MODULE_SHAPES: readonly ModuleShape[] = ['square', 'rounded', 'dots'];
export const EYE_SHAPES: readonly EyeShape[] = ['square', 'rounded', 'circle'];

/** How a designed code looks beyond its two colours. Every field optional: absent is the plain code. */
export interface Design {
  modules?: ModuleShape;
  eyes?: EyeShape;
  /** colour of the three finder eyes; default the module colour */
  eyeColor?: string;
  /** modules fade from the foreground colour to `to` (SVG and PDF; PNG and EPS use the foreground) */
  gradient?: { to: string; direction: GradientDirection };
  /** a logo in the centre; the renderers clear its zone and raise error correction to H */
  logo?: PlacedLogo;
  /** a frame with a call to action below the symbol */
  frame?: Frame;
}

/** A filled shape in module units, quiet zone included: rect (r = corner radius, 0 for square) or circle. */
export interface Shape {
  kind: 'rect' | 'circle';
  x: number;
  y: number;
  w: number;
  h: number;
  r: number;
}

/** What to draw, in painting order: modules, then eye rings (outer minus a background hole), then eye balls. */
export interface DesignShapes {
  modules: Shape[];
  eyeOuter: Shape[];
  eyeHole: Shape[];
  eyeBall: Shape[];
}

/** Whether the symbol's own shapes and colours are the plain ones (a logo or frame is drawn on top either way). */
export const isPlain = (d: Design | undefined): boolean =>
  !d || ((d.modules ?? 'square') === 'square' && (d.eyes ?? 'square') === 'square' && !d.eyeColor && !d.gradient);

/** The top-left corners of the three 7×7 finder patterns. */
function eyeCorners(size: number): Array<[number, number]> {
  return [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ];
}

function inEye(size: number, x: number, y: number): boolean {
  return (x < 7 && y < 7) || (x >= size - 7 && y < 7) || (x < 7 && y >= size - 7);
}

function eyeShape(shape: EyeShape, x: number, y: number, edge: number, rounding: number): Shape {
  if (shape === 'circle') return { kind: 'circle', x, y, w: edge, h: edge, r: edge / 2 };
  return { kind: 'rect', x, y, w: edge, h: edge, r: shape === 'rounded' ? edge * rounding : 0 };
}

/**
 * The shapes of a designed symbol. Scanners find the eyes by their 1:1:3:1:1 ratios, which a
 * ring of any of our shapes keeps; data modules stay inside their cell (dots at 90 % of it), so
 * the module grid a decoder samples is unchanged.
 */
export function designShapes(m: QrMatrix, margin: number, design: Design): DesignShapes {
  const modules: Shape[] = [];
  const shape = design.modules ?? 'square';
  if (shape === 'square') {
    const masked = { ...m, bits: m.bits.map((b, i) => (inEye(m.size, i % m.size, Math.floor(i / m.size)) ? 0 : b)) };
    for (const r of darkRects(masked))
      modules.push({ kind: 'rect', x: r.x + margin, y: r.y + margin, w: r.w, h: r.h, r: 0 });
  } else {
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++) {
        if (m.bits[y * m.size + x] !== 1 || inEye(m.size, x, y)) continue;
        modules.push(
          shape === 'dots'
            ? { kind: 'circle', x: x + margin + 0.05, y: y + margin + 0.05, w: 0.9, h: 0.9, r: 0.45 }
            : { kind: 'rect', x: x + margin, y: y + margin, w: 1, h: 1, r: 0.3 },
        );
      }
  }
  const eyes = design.eyes ?? 'square';
  const corners = eyeCorners(m.size).map(([x, y]) => [x + margin, y + margin] as const);
  return {
    modules,
    eyeOuter: corners.map(([x, y]) => eyeShape(eyes, x, y, 7, 0.3)),
    eyeHole: corners.map(([x, y]) => eyeShape(eyes, x + 1, y + 1, 5, 0.25)),
    eyeBall: corners.map(([x, y]) => eyeShape(eyes, x + 2, y + 2, 3, 0.3)),
  };
}

/** Whether the pixel centre (px, py), in module units, lies inside a shape. */
export function covers(s: Shape, px: number, py: number): boolean {
  if (px < s.x || py < s.y || px >= s.x + s.w || py >= s.y + s.h) return false;
  if (s.r === 0) return true;
  // Distance to the nearest corner circle's centre, only in the corner squares.
  const cx = px < s.x + s.r ? s.x + s.r : px > s.x + s.w - s.r ? s.x + s.w - s.r : px;
  const cy = py < s.y + s.r ? s.y + s.r : py > s.y + s.h - s.r ? s.y + s.h - s.r : py;
  return (px - cx) ** 2 + (py - cy) ** 2 <= s.r * s.r;
}
