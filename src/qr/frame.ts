// A frame around a symbol with a call to action below it ("Scan for the menu"). The text is laid
// out once with the font's own metrics and drawn as glyph outlines in SVG, PNG and EPS, so every
// format looks the same without fonts on the viewer's machine; the PDF embeds the font itself.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { num } from './color.js';

export type FrameFont = 'sans' | 'serif' | 'mono';
export const FRAME_FONTS: readonly FrameFont[] = ['sans', 'serif', 'mono'];
export const MAX_FRAME_TEXT = 40;

export interface Frame {
  text: string;
  /** frame and banner colour; default the module colour */
  color?: string;
  /** text colour; default the background colour */
  textColor?: string;
  font?: FrameFont;
}

const load = createRequire(import.meta.url);
const FONT_FILES: Record<FrameFont, string> = {
  sans: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  serif: 'dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf',
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf',
};

interface PathCommand {
  command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
  args: number[];
}
interface FontkitFont {
  unitsPerEm: number;
  ascent: number;
  layout(text: string): {
    glyphs: Array<{ path: { commands: PathCommand[] } }>;
    positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }>;
    advanceWidth: number;
  };
}
const fontkit = load('fontkit') as { create(buffer: Buffer): FontkitFont };

const fonts = new Map<FrameFont, { file: Buffer; font: FontkitFont }>();
/** The font file (for the PDF) and its parsed form; read once per process. */
export function frameFont(name: FrameFont = 'sans'): { file: Buffer; font: FontkitFont } {
  let f = fonts.get(name);
  if (!f) {
    const file = readFileSync(load.resolve(FONT_FILES[name]));
    f = { file, font: fontkit.create(file) };
    fonts.set(name, f);
  }
  return f;
}

/** A path command in module units of the whole framed image, y down. */
export interface Segment {
  op: 'M' | 'L' | 'Q' | 'C' | 'Z';
  pts: number[];
}

/** Where everything goes, in module units: the image is `width` × `height`, the symbol at (qrX, qrY). */
export interface FrameLayout {
  width: number;
  height: number;
  qrX: number;
  qrY: number;
  /** corner radius of the outer frame */
  radius: number;
  /** the text: its size and baseline for the PDF, its outlines for the rest */
  text: { x: number; baseline: number; fontSize: number; width: number; outline: Segment[] };
}

/** Frame bar width around the symbol, in modules. */
const BORDER = 1;

/**
 * Lays a frame around a symbol of `full` modules (quiet zone included): a one-module border and
 * a banner below about a fifth of the symbol high, with the text as large as fits.
 */
export function frameLayout(full: number, frame: Frame): FrameLayout {
  const banner = Math.max(5, Math.round(full * 0.22));
  const width = full + 2 * BORDER;
  const height = full + 2 * BORDER + banner;
  const { font } = frameFont(frame.font);
  const run = font.layout(frame.text);
  const capHeight = font.unitsPerEm * 0.73;
  // Capitals take at most half the banner; the text keeps a module of room on both sides.
  const byHeight = (banner * 0.5) / capHeight;
  const byWidth = (width - 2 * (BORDER + 1)) / Math.max(run.advanceWidth, 1);
  const scale = Math.min(byHeight, byWidth);
  const textWidth = run.advanceWidth * scale;
  const x0 = (width - textWidth) / 2;
  const baseline = full + BORDER + (banner + capHeight * scale) / 2;
  const outline: Segment[] = [];
  let pen = 0;
  run.glyphs.forEach((g, i) => {
    const pos = run.positions[i];
    const ox = x0 + (pen + pos.xOffset) * scale;
    const oy = baseline - pos.yOffset * scale;
    const pt = (args: number[]) => args.map((v, k) => (k % 2 === 0 ? ox + v * scale : oy - v * scale));
    for (const c of g.path.commands) {
      const op = ({ moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' } as const)[
        c.command
      ];
      outline.push({ op, pts: pt(c.args) });
    }
    pen += pos.xAdvance;
  });
  return {
    width,
    height,
    qrX: BORDER,
    qrY: BORDER,
    radius: BORDER,
    text: { x: x0, baseline, fontSize: font.unitsPerEm * scale, width: textWidth, outline },
  };
}

/** The outline as SVG path data. */
export function outlineSvg(outline: Segment[]): string {
  return outline.map((s) => s.op + s.pts.map((v) => num(v)).join(' ')).join('');
}

/** The outline as PostScript path operators (quadratic curves raised to cubic), without the fill. */
export function outlinePs(outline: Segment[]): string[] {
  const out: string[] = [];
  let cx = 0;
  let cy = 0;
  for (const s of outline) {
    const p = s.pts;
    if (s.op === 'M') out.push(`${num(p[0])} ${num(p[1])} moveto`);
    else if (s.op === 'L') out.push(`${num(p[0])} ${num(p[1])} lineto`);
    else if (s.op === 'Q') {
      const c1 = [cx + ((p[0] - cx) * 2) / 3, cy + ((p[1] - cy) * 2) / 3];
      const c2 = [p[2] + ((p[0] - p[2]) * 2) / 3, p[3] + ((p[1] - p[3]) * 2) / 3];
      out.push(`${[...c1, ...c2, p[2], p[3]].map((v) => num(v)).join(' ')} curveto`);
    } else if (s.op === 'C') out.push(`${p.map((v) => num(v)).join(' ')} curveto`);
    else out.push('closepath');
    if (p.length) [cx, cy] = p.slice(-2);
  }
  return out;
}
