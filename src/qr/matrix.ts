import QRCode from 'qrcode';

export type Ecc = 'L' | 'M' | 'Q' | 'H';
export const ECC_LEVELS: readonly Ecc[] = ['L', 'M', 'Q', 'H'];

/** A QR symbol without quiet zone: `bits[y * size + x]` is 1 for a dark module. */
export interface QrMatrix {
  readonly size: number;
  readonly bits: Uint8Array;
  readonly version: number;
  readonly ecc: Ecc;
}

/** A dark rectangle in module units (quiet zone not included). */
export interface ModuleRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Encodes `text` (UTF-8 in byte mode where needed; qrcode picks the segment modes).
 * Throws a RangeError when the text does not fit a version 40 symbol at this level.
 */
export function buildMatrix(text: string, ecc: Ecc = 'M'): QrMatrix {
  if (text === '') throw new RangeError('QR payload is empty');
  let qr: QRCode.QRCode;
  try {
    qr = QRCode.create(text, { errorCorrectionLevel: ecc });
  } catch (err) {
    // qrcode throws plain Errors for "too much data"; callers want one predictable type.
    throw new RangeError(`QR payload does not fit at ECC ${ecc}: ${(err as Error).message}`);
  }
  const { size, data } = qr.modules as unknown as { size: number; data: Uint8Array };
  return { size, bits: data, version: qr.version, ecc };
}

export function isDark(m: QrMatrix, x: number, y: number): boolean {
  return m.bits[y * m.size + x] === 1;
}

/**
 * Dark modules as rectangles: horizontal runs, with identical runs in consecutive rows merged
 * into one taller rectangle. Fewer, larger shapes keep SVG/PDF/EPS small and avoid the hairline
 * seams some viewers draw between abutting shapes.
 */
export function darkRects(m: QrMatrix): ModuleRect[] {
  const done: ModuleRect[] = [];
  let open = new Map<number, ModuleRect>(); // keyed by start x; runs in one row never share it
  for (let y = 0; y < m.size; y++) {
    const next = new Map<number, ModuleRect>();
    const row = y * m.size;
    for (let x = 0; x < m.size; x++) {
      if (m.bits[row + x] !== 1) continue;
      let end = x + 1;
      while (end < m.size && m.bits[row + end] === 1) end++;
      const w = end - x;
      const prev = open.get(x);
      if (prev && prev.w === w) {
        prev.h++;
        open.delete(x);
        next.set(x, prev);
      } else {
        next.set(x, { x, y, w, h: 1 });
      }
      x = end;
    }
    for (const r of open.values()) done.push(r);
    open = next;
  }
  for (const r of open.values()) done.push(r);
  // Reading order makes the output deterministic and compresses better.
  return done.sort((a, b) => a.y - b.y || a.x - b.x);
}
