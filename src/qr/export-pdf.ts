import PDFDocument from 'pdfkit';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { buildMatrix } from './matrix.js';
import { drawQr } from './pdf.js';
import { grid, type Grid, type LabelItem, type LabelLayout, type LabelSheetResult } from './label-layout.js';

export type { LabelItem, LabelLayout, LabelSheetResult } from './label-layout.js';

/** Standard PDF fonts only cover WinAnsi; other characters would print as garbage. */
function winAnsi(s: string): string {
  return s.replace(/[^\x20-\x7e\xa0-\xff€‘’‚“”„–—…•™]/g, '?');
}

function fitLine(doc: PDFKit.PDFDocument, text: string, width: number): string {
  let s = winAnsi(text);
  if (doc.widthOfString(s) <= width) return s;
  while (s.length > 1 && doc.widthOfString(`${s}…`) > width) s = s.slice(0, -1);
  return `${s}…`;
}

function drawLabel(doc: PDFKit.PDFDocument, g: Grid, layout: LabelLayout, item: LabelItem, slot: number): void {
  const col = slot % layout.columns;
  const row = Math.floor(slot / layout.columns);
  const cellX = g.margin + col * g.cellW;
  const cellY = g.margin + row * g.cellH;
  const qrX = cellX + (g.cellW - g.qrSide) / 2;
  const qrY = cellY + g.pad;
  drawQr(doc, buildMatrix(item.payload, item.ecc ?? 'M'), qrX, qrY, g.qrSide, { fg: item.fg, bg: item.bg });
  if (!layout.caption) return;
  const width = g.cellW - 2 * g.pad;
  let y = qrY + g.qrSide + g.fontSize * 0.2;
  for (const [font, text] of [
    ['Helvetica-Bold', item.title],
    ['Helvetica', item.caption],
  ] as const) {
    if (!text) continue;
    doc.font(font).fontSize(g.fontSize).fillColor('#000000');
    doc.text(fitLine(doc, text, width), cellX + g.pad, y, { width, align: 'center', lineBreak: false });
    y += g.fontSize * 1.25;
  }
}

/**
 * Waits while the document's readable buffer is full. PDFKit pushes without looking at
 * backpressure, so without this a slow client would make the whole sheet pile up in memory.
 */
function backpressure(doc: PDFKit.PDFDocument): () => Promise<void> {
  const stream = doc as unknown as { _read(n: number): void };
  let wake: (() => void) | undefined;
  const original = stream._read.bind(doc);
  stream._read = (n) => {
    original(n);
    const w = wake;
    wake = undefined;
    w?.();
  };
  doc.once('close', () => wake?.());
  return async () => {
    while (doc.readableLength > doc.readableHighWaterMark && !doc.destroyed) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
}

async function fill(
  doc: PDFKit.PDFDocument,
  items: AsyncIterable<LabelItem> | Iterable<LabelItem>,
  layout: LabelLayout,
): Promise<LabelSheetResult> {
  const g = grid(layout);
  const perPage = layout.columns * layout.rows;
  const wait = backpressure(doc);
  let labels = 0;
  let pages = 0;
  for await (const item of items) {
    const slot = labels % perPage;
    if (slot === 0) {
      await wait(); // finished pages are in the stream; start no new one while the reader lags
      if (doc.destroyed) break;
      doc.addPage({ size: [g.pageW, g.pageH], margin: 0 });
      pages++;
    }
    drawLabel(doc, g, layout, item, slot);
    labels++;
  }
  if (doc.destroyed) return { pages, labels }; // the reader went away; the loop closed the source
  if (pages === 0) {
    doc.addPage({ size: [g.pageW, g.pageH], margin: 0 }); // a PDF needs at least one page
    pages = 1;
  }
  doc.end();
  return { pages, labels };
}

function startSheet(items: AsyncIterable<LabelItem> | Iterable<LabelItem>, layout: LabelLayout) {
  grid(layout); // a layout without room for a code fails before any byte is sent
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: 'QR labels', Creator: 'qrs' } });
  const done = fill(doc, items, layout).catch((err: unknown) => {
    doc.destroy(err as Error);
    throw err;
  });
  return { doc, done };
}

/** The whole sheet as bytes, in one contiguous buffer (so a worker can transfer it without a copy). */
export async function renderLabelSheet(items: Iterable<LabelItem>, layout: LabelLayout): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  await writeLabelSheet(
    items,
    layout,
    new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        length += chunk.length;
        done();
      },
    }),
  );
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * A label sheet as a PDFKit readable stream: a grid of codes with optional captions, a new page
 * whenever one is full. Items are pulled only as fast as the stream is read, so memory stays
 * bounded for any number of codes. A failure (bad item, iterator error) destroys the stream
 * with that error. Throws synchronously when the layout leaves no room for a code.
 */
export function createLabelSheet(
  items: AsyncIterable<LabelItem> | Iterable<LabelItem>,
  layout: LabelLayout,
): PDFKit.PDFDocument {
  const { doc, done } = startSheet(items, layout);
  done.catch(() => {}); // reported through the stream's 'error' event
  return doc;
}

/** Writes a label sheet to `out` and resolves when `out` has finished. */
export async function writeLabelSheet(
  items: AsyncIterable<LabelItem> | Iterable<LabelItem>,
  layout: LabelLayout,
  out: Writable,
): Promise<LabelSheetResult> {
  const { doc, done } = startSheet(items, layout);
  const [result] = await Promise.all([done, pipeline(doc, out)]);
  return result;
}
