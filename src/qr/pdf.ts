import { darkRects, type QrMatrix } from './matrix.js';
import { parseHex } from './color.js';
import { PT_PER_MM, symbolMm } from './units.js';
import { designShapes, isPlain, type Design, type Shape } from './design.js';
import { gradientLine } from './design-draw.js';
import { sceneOf } from './scene.js';
import { localRasteriser, type Rasteriser } from './raster.js';
import { frameFont } from './frame.js';

export interface PdfDrawOptions {
  /** Quiet zone in modules (default 4), included in `size`. */
  margin?: number;
  fg?: string;
  bg?: string;
  design?: Design;
}

export interface PdfOptions extends PdfDrawOptions {
  /** Page (= symbol) edge in millimetres including the quiet zone; default 1 mm per module. */
  mm?: number;
  title?: string;
  /** fits the logo into its pixels (default: on this thread, uncached) */
  rasteriser?: Rasteriser;
}

/**
 * Draws the symbol as vector rectangles with its top-left corner at (x, y) in PDFKit's
 * coordinates (points, y down), `size` points wide and high including the quiet zone.
 * Leaves the document's graphics state as it found it.
 */
export function drawQr(
  doc: PDFKit.PDFDocument,
  m: QrMatrix,
  x: number,
  y: number,
  size: number,
  opts: PdfDrawOptions = {},
): void {
  const margin = opts.margin ?? 4;
  const fg = opts.fg ?? '#000000';
  const bg = opts.bg ?? '#FFFFFF';
  parseHex(fg);
  parseHex(bg);
  const unit = size / (m.size + 2 * margin);
  doc.save();
  doc.rect(x, y, size, size).fill(bg);
  // Module units keep the content stream short: every rectangle is small integers.
  if (!isPlain(opts.design)) {
    doc.translate(x, y).scale(unit);
    drawDesign(doc, m, margin, opts.design!, fg, bg);
    doc.restore();
    return;
  }
  doc.translate(x + margin * unit, y + margin * unit).scale(unit);
  for (const r of darkRects(m)) doc.rect(r.x, r.y, r.w, r.h);
  doc.fill(fg);
  doc.restore();
}

function addShapes(doc: PDFKit.PDFDocument, shapes: Shape[]) {
  for (const s of shapes) {
    if (s.kind === 'circle') doc.circle(s.x + s.w / 2, s.y + s.h / 2, s.r);
    else if (s.r > 0) doc.roundedRect(s.x, s.y, s.w, s.h, s.r);
    else doc.rect(s.x, s.y, s.w, s.h);
  }
}

/** A designed symbol in module units (quiet zone included): shapes, eye colour, a vector gradient. */
function drawDesign(doc: PDFKit.PDFDocument, m: QrMatrix, margin: number, design: Design, fg: string, bg: string) {
  const s = designShapes(m, margin, design);
  let moduleFill: string | PDFKit.PDFGradient = fg;
  if (design.gradient) {
    parseHex(design.gradient.to);
    const g = gradientLine(design.gradient.direction, m.size + 2 * margin);
    moduleFill = doc.linearGradient(g.x1, g.y1, g.x2, g.y2).stop(0, fg).stop(1, design.gradient.to);
  }
  const eyeFill = design.eyeColor ? (parseHex(design.eyeColor), design.eyeColor) : moduleFill;
  addShapes(doc, s.modules);
  doc.fill(moduleFill);
  addShapes(doc, s.eyeOuter);
  doc.fill(eyeFill);
  addShapes(doc, s.eyeHole);
  doc.fill(bg);
  addShapes(doc, s.eyeBall);
  doc.fill(eyeFill);
}

const FIXED_CREATION_DATE = new Date('2000-01-01T00:00:00Z');

/** Pixels for a logo box `pt` points wide: about 600 dpi, within bounds that keep the file small. */
const logoPixels = (pt: number) => Math.min(1024, Math.max(128, Math.round((pt / 72) * 600)));

/**
 * PDFKit, imported on first use: it costs about 80 ms to load, paid by every process that starts
 * the app (each test file, each CLI call), while only a PDF download needs it. A server loads it
 * before it takes traffic (`warmUp` in src/app.ts).
 */
export const loadPdfKit = () => import('pdfkit');

/**
 * A one-page vector PDF whose page is exactly the image: the symbol, and around it the frame
 * whose text is set in the embedded font. A logo is embedded as an image.
 */
export async function renderPdf(m: QrMatrix, opts: PdfOptions = {}): Promise<Buffer> {
  const { default: Pdf } = await loadPdfKit();
  const margin = opts.margin ?? 4;
  const fg = opts.fg ?? '#000000';
  const bg = opts.bg ?? '#FFFFFF';
  const scene = sceneOf(m, margin, opts.design, fg, bg);
  const width = symbolMm(scene.width, opts.mm) * PT_PER_MM;
  const unit = width / scene.width;
  const height = unit * scene.height;
  const doc = new Pdf({
    size: [width, height],
    margin: 0,
    // No default font: a bare symbol never draws text, and loading Helvetica's metrics
    // would cost more than drawing the code.
    font: null as unknown as string,
    // A fixed CreationDate makes PDFKit's file ID (an MD5 of the info dictionary) and so the
    // whole file deterministic: the same code gives the same bytes and a strong ETag.
    info: { Title: opts.title ?? 'QR code', Creator: 'qrs', CreationDate: FIXED_CREATION_DATE },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (scene.frame) {
    const { layout, color } = scene.frame;
    doc.roundedRect(0, 0, width, height, layout.radius * unit).fill(color);
  }
  const { logo: _logo, frame: _frame, ...shapes } = opts.design ?? {};
  drawQr(doc, scene.m, scene.qrX * unit, scene.qrY * unit, scene.full * unit, { ...opts, design: shapes });
  if (scene.logo) {
    const { box, logo } = scene.logo;
    const png = await (opts.rasteriser ?? localRasteriser).logo(logo, logoPixels(box.w * unit));
    doc.image(png, box.x * unit, box.y * unit, { width: box.w * unit, height: box.h * unit });
  }
  if (scene.frame) {
    const { layout, textColor, text } = scene.frame;
    const { file, font } = frameFont(opts.design?.frame?.font);
    const size = layout.text.fontSize * unit;
    // PDFKit places text by the top of the line: the baseline less the font's ascent.
    const top = layout.text.baseline * unit - (font.ascent / font.unitsPerEm) * size;
    doc
      .font(file)
      .fontSize(size)
      .fillColor(textColor)
      .text(text, layout.text.x * unit, top, { lineBreak: false });
  }
  doc.end();
  return done;
}
