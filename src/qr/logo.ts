// A logo in the middle of a symbol: the modules under it are cleared (they become light), and the
// symbol must still be readable from its error correction alone. Which codewords a clear zone
// touches follows from the standard's placement order, so the check is exact, not a rule of thumb.
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import type { QrMatrix } from './matrix.js';

/** A sanitised logo as the renderers take it: the file and its intrinsic size in pixels (or SVG units). */
export interface Logo {
  kind: 'png' | 'svg';
  data: Buffer;
  width: number;
  height: number;
}

/** A logo and the share of the symbol's edge (quiet zone excluded) its box takes. */
export interface PlacedLogo extends Logo {
  scale: number;
}

export const DEFAULT_LOGO_SCALE = 0.2;
export const MIN_LOGO_SCALE = 0.1;
export const MAX_LOGO_SCALE = 0.35;

/**
 * Share of the errors error-correction level H corrects per block that a logo may use; the rest
 * stays for print, glare and camera damage (docs/decisions.md D23).
 */
export const LOGO_BUDGET = 0.75;

/** A square in module units of the symbol (quiet zone not included). */
export interface Zone {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The clear zone: the logo box plus one module of clear space on each side, centred, with the
 * parity of the symbol's size so it sits exactly in the middle.
 */
export function clearZone(size: number, scale: number): Zone {
  let n = Math.ceil(size * scale) + 2;
  if ((size - n) % 2 !== 0) n++;
  const x = (size - n) / 2;
  return { x, y: x, w: n, h: n };
}

/** The box the logo image is fitted into (the clear zone less its one-module border). */
export function logoBox(zone: Zone): Zone {
  return { x: zone.x + 1, y: zone.y + 1, w: zone.w - 2, h: zone.h - 2 };
}

/** The matrix with every module of the zone light. */
export function withClearZone(m: QrMatrix, zone: Zone): QrMatrix {
  const bits = new Uint8Array(m.bits);
  for (let y = zone.y; y < zone.y + zone.h; y++)
    for (let x = zone.x; x < zone.x + zone.w; x++) bits[y * m.size + x] = 0;
  return { ...m, bits };
}

interface BlockInfo {
  blocks: number;
  ecPerBlock: number;
  total: number;
}

// qrcode's own tables (it ships no types for them), so the block structure is the one the encoder used.
const load = createRequire(import.meta.url);
const ecCode = load('qrcode/lib/core/error-correction-code') as {
  getTotalCodewordsCount(version: number, level: unknown): number;
  getBlocksCount(version: number, level: unknown): number;
};
const eccLevel = load('qrcode/lib/core/error-correction-level') as { from(v: string): unknown };
const utils = load('qrcode/lib/core/utils') as { getSymbolTotalCodewords(version: number): number };

function blockInfo(version: number, ecc: QrMatrix['ecc']): BlockInfo {
  const level = eccLevel.from(ecc);
  const ec = ecCode.getTotalCodewordsCount(version, level);
  const blocks = ecCode.getBlocksCount(version, level);
  return { blocks, ecPerBlock: ec / blocks, total: utils.getSymbolTotalCodewords(version) };
}

/** The block of each codeword in the order they are placed (data interleaved, then EC interleaved). */
function blockOfCodeword({ blocks, ecPerBlock, total }: BlockInfo): number[] {
  const shortLen = Math.floor(total / blocks);
  const shortBlocks = blocks - (total % blocks);
  const dataLen = (j: number) => shortLen - ecPerBlock + (j >= shortBlocks ? 1 : 0);
  const out: number[] = [];
  for (let i = 0; i <= shortLen - ecPerBlock; i++) for (let j = 0; j < blocks; j++) if (i < dataLen(j)) out.push(j);
  for (let i = 0; i < ecPerBlock; i++) for (let j = 0; j < blocks; j++) out.push(j);
  return out;
}

/**
 * How many codewords of each block a clear zone damages. Data bits are placed in two-column
 * strips from the bottom right, upwards then downwards, skipping function modules (ISO/IEC 18004
 * 7.7.3); a codeword is damaged when any of its eight modules lies in the zone.
 */
export function damagedPerBlock(text: string, zone: Zone): { damaged: number[]; correctable: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const { size, reservedBit } = qr.modules as unknown as { size: number; reservedBit: Uint8Array };
  const info = blockInfo(qr.version, 'H');
  const blockOf = blockOfCodeword(info);
  const hit = new Set<number>();
  let bit = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let v = 0; v < size; v++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = upward ? size - 1 - v : v;
        if (reservedBit[y * size + x]) continue;
        const codeword = Math.floor(bit / 8);
        bit++;
        if (codeword >= info.total) continue; // remainder bits
        if (x >= zone.x && x < zone.x + zone.w && y >= zone.y && y < zone.y + zone.h) hit.add(codeword);
      }
  }
  const damaged = new Array<number>(info.blocks).fill(0);
  for (const c of hit) damaged[blockOf[c]]++;
  return { damaged, correctable: Math.floor(info.ecPerBlock / 2) };
}

/** Whether a logo of this scale leaves `text` readable at level H within LOGO_BUDGET. */
export function logoFits(text: string, scale: number): boolean {
  const size = QRCode.create(text, { errorCorrectionLevel: 'H' }).modules.size;
  const { damaged, correctable } = damagedPerBlock(text, clearZone(size, scale));
  return Math.max(...damaged) <= Math.floor(correctable * LOGO_BUDGET);
}
