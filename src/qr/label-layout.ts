// The label sheet's layout: its schema and its grid, which the API checks before a job is queued.
// The drawing (export-pdf.ts) loads PDFKit, which only the export worker needs.
import { Type, type Static } from 'typebox';
import type { Ecc } from './matrix.js';
import { PT_PER_MM } from './units.js';

export interface LabelItem {
  payload: string;
  title?: string;
  /** Second caption line, typically the short URL. */
  caption?: string;
  ecc?: Ecc;
  fg?: string;
  bg?: string;
}

export const LabelLayoutSchema = Type.Object(
  {
    page: Type.Enum(['A4', 'Letter']),
    columns: Type.Integer({ minimum: 1, maximum: 10 }),
    rows: Type.Integer({ minimum: 1, maximum: 20 }),
    caption: Type.Boolean(),
    margin_mm: Type.Optional(Type.Number({ minimum: 0, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type LabelLayout = Static<typeof LabelLayoutSchema>;

export interface LabelSheetResult {
  pages: number;
  labels: number;
}

const PAGE_PT = { A4: [595.28, 841.89], Letter: [612, 792] } as const;

export interface Grid {
  pageW: number;
  pageH: number;
  margin: number;
  cellW: number;
  cellH: number;
  pad: number;
  fontSize: number;
  qrSide: number;
}

export function grid(layout: LabelLayout): Grid {
  const [pageW, pageH] = PAGE_PT[layout.page];
  const margin = (layout.margin_mm ?? 10) * PT_PER_MM;
  const cellW = (pageW - 2 * margin) / layout.columns;
  const cellH = (pageH - 2 * margin) / layout.rows;
  const pad = Math.min(cellW, cellH) * 0.05;
  const fontSize = Math.min(10, Math.max(5, Math.min(cellW, cellH) / 14));
  const captionH = layout.caption ? fontSize * 2.6 : 0;
  const qrSide = Math.min(cellW - 2 * pad, cellH - 2 * pad - captionH);
  // Below 10 mm with quiet zone even a short URL's modules (~0.3 mm) print and scan poorly.
  if (qrSide < 10 * PT_PER_MM)
    throw new RangeError(
      `labels too small: ${layout.columns}×${layout.rows} leaves ${(qrSide / PT_PER_MM).toFixed(1)} mm per code`,
    );
  return { pageW, pageH, margin, cellW, cellH, pad, fontSize, qrSide };
}

/** Throws a RangeError when the layout leaves no room for a code (before any work is queued). */
export function assertLayoutFits(layout: LabelLayout): void {
  grid(layout);
}
