import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildMatrix, ECC_LEVELS, type Ecc } from '../../src/qr/matrix.js';
import { render, type QrFormat } from '../../src/qr/index.js';
import { crc32 } from '../../src/qr/crc32.js';
import { decodeEps, decodePdf, decodePng, decodeSvg, limit, missingTools, type Tool } from '../support/decode.js';
import { PAYLOADS } from './fixtures.js';

const NEEDS: Record<QrFormat, Tool[]> = {
  svg: ['zbarimg', 'rsvg-convert'],
  png: ['zbarimg'],
  pdf: ['zbarimg', 'pdftoppm'],
  eps: ['zbarimg', 'gs'],
};

const DECODE: Record<QrFormat, (body: Buffer | string) => Promise<string>> = {
  svg: (b) => decodeSvg(b as string),
  png: (b) => decodePng(b as Buffer),
  pdf: (b) => decodePdf(b as Buffer),
  eps: (b) => decodeEps(b as string),
};

const queue = limit();

/** Sizes that give every symbol about 4-5 px per module in the raster zbar reads (300 dpi). */
function sizing(payload: string, ecc: Ecc) {
  const modules = buildMatrix(payload, ecc).size + 8;
  return { size: modules * 5, mm: modules * 0.4 };
}

for (const format of ['svg', 'png', 'pdf', 'eps'] as const) {
  describe(`${format}: decodes back to the exact payload`, () => {
    for (const ecc of ECC_LEVELS) {
      test(`ECC ${ecc}, every payload type`, async (t) => {
        const skip = missingTools(...NEEDS[format]);
        if (skip) return t.skip(skip);
        await Promise.all(
          PAYLOADS.map(([name, payload]) =>
            queue(async () => {
              const { body } = await render(format, payload, { ecc, ...sizing(payload, ecc) });
              assert.equal(await DECODE[format](body), payload, `${format} ${ecc} ${name}`);
            }),
          ),
        );
      });
    }
  });
}

describe('render facade', () => {
  test('media type and extension per format', async () => {
    const seen = await Promise.all(
      (['svg', 'png', 'pdf', 'eps'] as const).map((f) => render(f, 'https://qrs.example/r/x')),
    );
    assert.deepEqual(
      seen.map((r) => [r.contentType, r.extension, typeof r.body]),
      [
        ['image/svg+xml', 'svg', 'string'],
        ['image/png', 'png', 'object'],
        ['application/pdf', 'pdf', 'object'],
        ['application/postscript', 'eps', 'string'],
      ],
    );
    await assert.rejects(render('png', 'x'.repeat(3000), { ecc: 'H' }), RangeError);
  });

  test('an inverted code is the same symbol with the colours swapped', async (t) => {
    // zbar cannot read light-on-dark at all, so swap the two palette entries back and decode.
    const skip = missingTools('zbarimg');
    if (skip) return t.skip(skip);
    const payload = 'https://qrs.example/r/inverted';
    const png = (await render('png', payload, { fg: '#FFFFFF', bg: '#000000', size: 300 })).body as Buffer;
    const plte = png.indexOf('PLTE');
    const swapped = Buffer.from(png);
    png.copy(swapped, plte + 4, plte + 7, plte + 10);
    png.copy(swapped, plte + 7, plte + 4, plte + 7);
    swapped.writeUInt32BE(crc32(swapped.subarray(plte, plte + 10)), plte + 10);
    assert.equal(await decodePng(swapped), payload);
  });
});
