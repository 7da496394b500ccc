// Logo files that attack the upload checks (the security review's UPL-1 and UPL-2).
import { deflateSync } from 'node:zlib';
import { crc32 } from '../../src/qr/crc32.js';

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"';

/** Elements nested `depth` deep (the root, `<g>`s, a circle): the attack file of UPL-2. */
export const deepSvg = (depth: number) =>
  `<svg ${SVG_NS}>${'<g>'.repeat(depth - 2)}<circle cx="5" cy="5" r="5"/>${'</g>'.repeat(depth - 2)}</svg>`;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(head.subarray(4), data), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG whose IHDR declares `width`×`height` (RGBA, `depth` bits) and whose IDAT holds zero
 * scanlines, deflated: all of them, or only the first `rawBytes` (UPL-1's bomb: a decoder
 * allocates the declared image before it finds the data short).
 */
export function zeroPng(width: number, height: number, depth: 8 | 16 = 8, rawBytes = Infinity): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(Math.min(rawBytes, (1 + (width * 4 * depth) / 8) * height));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
