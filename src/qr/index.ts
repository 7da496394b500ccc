import { buildMatrix, type Ecc } from './matrix.js';
import type { Design } from './design.js';
import { renderSvg } from './svg.js';
import { renderPng } from './png.js';
import { renderPdf } from './pdf.js';
import { renderEps } from './eps.js';
import type { Rasteriser } from './raster.js';

export * from './matrix.js';
export * from './payloads.js';
export * from './options.js';
export * from './design.js';
export * from './logo.js';
export { FRAME_FONTS, MAX_FRAME_TEXT, type Frame, type FrameFont } from './frame.js';
export { renderSvg } from './svg.js';
export { renderPng, pngModuleSize } from './png.js';
export { renderPdf, drawQr, loadPdfKit } from './pdf.js';
export { renderEps } from './eps.js';
export { localRasteriser, logoPng, rasteriseSvg, type Rasteriser } from './raster.js';

export type QrFormat = 'svg' | 'png' | 'pdf' | 'eps';
export const QR_FORMATS: readonly QrFormat[] = ['svg', 'png', 'pdf', 'eps'];

export interface RenderOptions {
  ecc?: Ecc;
  /** Quiet zone in modules (default 4). */
  margin?: number;
  fg?: string;
  bg?: string;
  /** PNG edge in pixels (default 512); SVG width/height attributes. */
  size?: number;
  /** PDF/EPS edge in millimetres (default 1 mm per module); SVG width/height when no size. */
  mm?: number;
  /** PNG pHYs density. */
  dpi?: number;
  /** Document title for PDF, EPS and SVG. */
  title?: string;
  /** module and eye shapes, eye colour, gradient (docs/qr-output.md, "Designed codes") */
  design?: Design;
  /** draws logos and frames of PNG, PDF and EPS (default: on this thread, uncached; docs/decisions.md D55) */
  rasteriser?: Rasteriser;
}

export interface RenderedQr {
  body: Buffer | string;
  contentType: string;
  extension: QrFormat;
}

export const MEDIA_TYPES: Record<QrFormat, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  pdf: 'application/pdf',
  eps: 'application/postscript',
};

/** Renders `payload` in one format. Throws RangeError when the payload does not fit a symbol. */
export async function render(format: QrFormat, payload: string, options: RenderOptions = {}): Promise<RenderedQr> {
  // A logo hides modules: only level H has the redundancy for that (docs/decisions.md D23).
  const m = buildMatrix(payload, options.design?.logo ? 'H' : (options.ecc ?? 'M'));
  const body =
    format === 'svg'
      ? renderSvg(m, options)
      : format === 'png'
        ? await renderPng(m, options)
        : format === 'pdf'
          ? await renderPdf(m, options)
          : await renderEps(m, options);
  return { body, contentType: MEDIA_TYPES[format], extension: format };
}
