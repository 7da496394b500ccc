// The parts of one image around the symbol, in module units, shared by the four renderers: the
// symbol with its logo zone cleared, where the logo goes, and the frame around it.
import type { QrMatrix } from './matrix.js';
import type { Design } from './design.js';
import { clearZone, logoBox, withClearZone, type PlacedLogo, type Zone } from './logo.js';
import { frameLayout, type FrameLayout } from './frame.js';

export interface Scene {
  /** the symbol to draw, modules under the logo cleared */
  m: QrMatrix;
  /** symbol edge with quiet zone */
  full: number;
  width: number;
  height: number;
  /** where the symbol's top-left corner (quiet zone included) lies */
  qrX: number;
  qrY: number;
  /** the logo and its box in image units */
  logo?: { logo: PlacedLogo; box: Zone };
  frame?: { layout: FrameLayout; color: string; textColor: string; text: string };
}

export function sceneOf(m: QrMatrix, margin: number, design: Design | undefined, fg: string, bg: string): Scene {
  const full = m.size + 2 * margin;
  let scene: Scene = { m, full, width: full, height: full, qrX: 0, qrY: 0 };
  if (design?.frame) {
    const layout = frameLayout(full, design.frame);
    scene = {
      ...scene,
      width: layout.width,
      height: layout.height,
      qrX: layout.qrX,
      qrY: layout.qrY,
      frame: {
        layout,
        color: design.frame.color ?? fg,
        textColor: design.frame.textColor ?? bg,
        text: design.frame.text,
      },
    };
  }
  if (design?.logo) {
    const zone = clearZone(m.size, design.logo.scale);
    const box = logoBox(zone);
    scene.m = withClearZone(m, zone);
    scene.logo = {
      logo: design.logo,
      box: { x: box.x + margin + scene.qrX, y: box.y + margin + scene.qrY, w: box.w, h: box.h },
    };
  }
  return scene;
}

/** `data:` URI of a logo, for SVG `<image>`. */
export function logoDataUri(logo: PlacedLogo): string {
  return `data:${logo.kind === 'svg' ? 'image/svg+xml' : 'image/png'};base64,${logo.data.toString('base64')}`;
}
