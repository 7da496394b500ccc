import { num } from './color.js';
import type { Design, DesignShapes, Shape } from './design.js';

/** SVG path data of shapes in module units; rounded corners and circles as arcs. */
export function shapesPath(shapes: Shape[]): string {
  let d = '';
  for (const s of shapes) {
    const { x, y, w, h } = s;
    const r = Math.min(s.r, w / 2, h / 2);
    if (r === 0) {
      d += `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}z`;
      continue;
    }
    const a = (dx: number, dy: number) => `a${num(r)} ${num(r)} 0 0 1 ${num(dx)} ${num(dy)}`;
    d +=
      `M${num(x + r)} ${num(y)}h${num(w - 2 * r)}${a(r, r)}v${num(h - 2 * r)}${a(-r, r)}` +
      `h${num(-(w - 2 * r))}${a(-r, -r)}v${num(-(h - 2 * r))}${a(r, -r)}z`;
  }
  return d;
}

/** Gradient end points in module units across the whole symbol (quiet zone included). */
export function gradientLine(direction: NonNullable<Design['gradient']>['direction'], full: number) {
  if (direction === 'horizontal') return { x1: 0, y1: 0, x2: full, y2: 0 };
  if (direction === 'vertical') return { x1: 0, y1: 0, x2: 0, y2: full };
  return { x1: 0, y1: 0, x2: full, y2: full };
}

/** The designed symbol's body as SVG elements, in module units (the caller writes the <svg> and background). */
export function designSvg(
  s: DesignShapes,
  design: Design,
  fg: string,
  bg: string,
  full: number,
  esc: (v: string) => string,
) {
  let defs = '';
  let moduleFill = esc(fg);
  if (design.gradient) {
    const g = gradientLine(design.gradient.direction, full);
    defs =
      `<defs><linearGradient id="qrs-gradient" gradientUnits="userSpaceOnUse" x1="${g.x1}" y1="${g.y1}" x2="${g.x2}" y2="${g.y2}">` +
      `<stop offset="0" stop-color="${esc(fg)}"/><stop offset="1" stop-color="${esc(design.gradient.to)}"/></linearGradient></defs>`;
    moduleFill = 'url(#qrs-gradient)';
  }
  const eyeFill = design.eyeColor ? esc(design.eyeColor) : moduleFill;
  return (
    defs +
    `<path fill="${moduleFill}" d="${shapesPath(s.modules)}"/>` +
    `<path fill="${eyeFill}" d="${shapesPath(s.eyeOuter)}"/>` +
    `<path fill="${esc(bg)}" d="${shapesPath(s.eyeHole)}"/>` +
    `<path fill="${eyeFill}" d="${shapesPath(s.eyeBall)}"/>`
  );
}
