// SVG rasterising for the parts our own pixel code does not draw (logos, glyph outlines): resvg,
// with system fonts off, so output does not depend on the machine.
import { Resvg } from '@resvg/resvg-js';
import type { PlacedLogo as Logo } from './logo.js';
import { logoDataUri } from './scene.js';

/** An SVG document rendered `widthPx` wide, as PNG bytes. */
export function rasteriseSvg(svg: string, widthPx: number): Buffer {
  const r = new Resvg(svg, { fitTo: { mode: 'width', value: widthPx }, font: { loadSystemFonts: false } });
  return r.render().asPng();
}

function logoSvg(logo: Logo, px: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${px} ${px}">` +
    `<image width="${px}" height="${px}" preserveAspectRatio="xMidYMid meet" href="${logoDataUri(logo)}"/></svg>`
  );
}

/** A logo fitted into a `px` square, transparent around it: PNG bytes (the PDF embeds these). */
export function logoPng(logo: Logo, px: number): Buffer {
  return rasteriseSvg(logoSvg(logo, px), px);
}

/**
 * What the PNG, PDF and EPS renderers rasterise with. Both costs grow with an uploaded logo (its
 * decode, its elements), so the service hands in one that runs them on worker threads and keeps
 * fitted logos (docs/decisions.md D55); `localRasteriser` does both here, for tools and tests.
 */
export interface Rasteriser {
  /** `logoPng`: the logo fitted into a `px` square, transparent around it, as PNG bytes */
  logo(logo: Logo, px: number): Promise<Buffer>;
  /** `rasteriseSvg`: an SVG document rendered `widthPx` wide, as PNG bytes */
  svg(svg: string, widthPx: number): Promise<Buffer>;
}

export const localRasteriser: Rasteriser = {
  logo: async (logo, px) => logoPng(logo, px),
  svg: async (svg, widthPx) => rasteriseSvg(svg, widthPx),
};

/** A logo already fitted into a `px` square (`Rasteriser.logo`), as the renderers draw it 1:1. */
export function fittedLogo(logo: Logo, png: Buffer, px: number): Logo {
  return { ...logo, kind: 'png', data: png, width: px, height: px };
}

/**
 * A logo already fitted into a `px` square (its PNG bytes), laid over an opaque background: RGB
 * bytes, row by row (for EPS).
 */
export function logoRgb(fitted: Buffer, px: number, bg: readonly [number, number, number]): Buffer {
  const logo = { kind: 'png' as const, data: fitted, width: px, height: px, scale: 1 };
  const r = new Resvg(logoSvg(logo, px), { fitTo: { mode: 'width', value: px }, font: { loadSystemFonts: false } });
  const img = r.render();
  const rgba = img.pixels;
  const out = Buffer.alloc(img.width * img.height * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    const a = rgba[i + 3] / 255;
    // resvg's pixels are premultiplied by alpha.
    for (let c = 0; c < 3; c++) out[o + c] = Math.round(rgba[i + c] + bg[c] * (1 - a));
  }
  return out;
}
