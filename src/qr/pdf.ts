import PDFDocument from 'pdfkit';
import { darkRects, type QrMatrix } from './matrix.js';
import { parseHex } from './color.js';
import { PT_PER_MM, symbolMm } from './units.js';

export interface PdfDrawOptions {
  /** Quiet zone in modules (default 4), included in `size`. */
  margin?: number;
  fg?: string;
  bg?: string;
}

export interface PdfOptions extends PdfDrawOptions {
  /** Page (= symbol) edge in millimetres including the quiet zone; default 1 mm per module. */
  mm?: number;
  title?: string;
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
  doc.translate(x + margin * unit, y + margin * unit).scale(unit);
  for (const r of darkRects(m)) doc.rect(r.x, r.y, r.w, r.h);
  doc.fill(fg);
  doc.restore();
}

const FIXED_CREATION_DATE = new Date('2000-01-01T00:00:00Z');

/** A one-page vector PDF whose page is exactly the symbol. */
export function renderPdf(m: QrMatrix, opts: PdfOptions = {}): Promise<Buffer> {
  const margin = opts.margin ?? 4;
  const size = symbolMm(m.size + 2 * margin, opts.mm) * PT_PER_MM;
  const doc = new PDFDocument({
    size: [size, size],
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
  drawQr(doc, m, 0, 0, size, opts);
  doc.end();
  return done;
}
