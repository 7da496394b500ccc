// Designed codes: every module shape × eye shape × format decodes with zbar, with an eye colour
// and (in SVG and PDF) a gradient. Nothing is mocked: the real rasterisers read the files.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { render, QR_FORMATS, type QrFormat } from '../../src/qr/index.js';
import { EYE_SHAPES, MODULE_SHAPES, covers, type Design } from '../../src/qr/design.js';
import { decodeEps, decodePdf, decodePng, decodeSvg, limit, missingTools } from '../support/decode.js';

const PAYLOAD = 'https://qrs.example/r/summer-sale';
const queue = limit(2);

function decode(format: QrFormat, body: Buffer | string): Promise<string> {
  if (format === 'svg') return decodeSvg(body as string);
  if (format === 'png') return decodePng(body as Buffer);
  if (format === 'pdf') return decodePdf(body as Buffer);
  return decodeEps(body as string);
}

describe('designed codes', () => {
  test('every module shape × eye shape × format decodes, with an eye colour and a gradient', async (t) => {
    const skip = missingTools('zbarimg', 'rsvg-convert', 'pdftoppm', 'gs');
    if (skip) return t.skip(skip);
    const jobs: Array<Promise<void>> = [];
    for (const modules of MODULE_SHAPES)
      for (const eyes of EYE_SHAPES)
        for (const format of QR_FORMATS) {
          const design: Design = {
            modules,
            eyes,
            eyeColor: '#B00020',
            gradient: { to: '#1A237E', direction: modules === 'dots' ? 'diagonal' : 'vertical' },
          };
          jobs.push(
            queue(async () => {
              const { body } = await render(format, PAYLOAD, { ecc: 'Q', fg: '#000000', bg: '#FFFFFF', design });
              assert.equal(await decode(format, body), PAYLOAD, `${modules} × ${eyes} × ${format}`);
            }),
          );
        }
    await Promise.all(jobs);
  });

  test('the vector formats carry the design: arcs, the eye colour, a gradient in SVG and PDF', async () => {
    const design: Design = {
      modules: 'dots',
      eyes: 'circle',
      eyeColor: '#B00020',
      gradient: { to: '#1A237E', direction: 'horizontal' },
    };
    const svg = (await render('svg', PAYLOAD, { design })).body as string;
    assert.match(svg, /<linearGradient id="qrs-gradient"/);
    assert.match(svg, /fill="url\(#qrs-gradient\)"/);
    assert.match(svg, /fill="#B00020"/);
    assert.match(svg, /a0\.45 0\.45 0 0 1/);
    const pdf = (await render('pdf', PAYLOAD, { design })).body as Buffer;
    assert.match(pdf.toString('latin1'), /\/ShadingType 2/);
    const eps = (await render('eps', PAYLOAD, { design })).body as string;
    assert.match(eps, / RR$/m);
    // A plain design is byte-identical to no design (images and ETags of existing codes do not change).
    const plain = await render('svg', PAYLOAD, {});
    assert.equal((await render('svg', PAYLOAD, { design: { modules: 'square', eyes: 'square' } })).body, plain.body);
  });

  test('shape coverage: a rounded corner leaves the corner pixel out, a dot stays in its cell', () => {
    const rounded = { kind: 'rect' as const, x: 0, y: 0, w: 1, h: 1, r: 0.3 };
    assert.equal(covers(rounded, 0.02, 0.02), false);
    assert.equal(covers(rounded, 0.5, 0.5), true);
    assert.equal(covers(rounded, 0.5, 0.01), true);
    const dot = { kind: 'circle' as const, x: 0.05, y: 0.05, w: 0.9, h: 0.9, r: 0.45 };
    assert.equal(covers(dot, 0.5, 0.5), true);
    assert.equal(covers(dot, 0.1, 0.1), false);
    assert.equal(covers(dot, 1.0, 0.5), false);
  });
});
