// The files open in the standard tools, and their structure is what the renderers promise.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { join } from 'node:path';
import { buildMatrix, darkRects, isDark } from '../../src/qr/matrix.js';
import { renderSvg } from '../../src/qr/svg.js';
import { dpiToPixelsPerMetre, pngModuleSize, renderPng } from '../../src/qr/png.js';
import { renderPdf } from '../../src/qr/pdf.js';
import { renderEps } from '../../src/qr/eps.js';
import { crc32 } from '../../src/qr/crc32.js';
import { render } from '../../src/qr/index.js';
import { decodePng, missingTools, rasteriseEps, run, withTempDir } from '../support/decode.js';
import { LONG_TEXT } from './fixtures.js';

const URL = 'https://qrs.example/r/Ab3dE9x';

function pngChunks(png: Buffer): Map<string, Buffer> {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    assert.equal(png.readUInt32BE(at + 8 + len), crc32(type, data), `CRC of ${type}`);
    chunks.set(type.toString('latin1'), Buffer.from(data));
    at += 12 + len;
  }
  return chunks;
}

describe('matrix', () => {
  test('1,000 characters fit at every ECC level; too much data is a RangeError', () => {
    for (const ecc of ['L', 'M', 'Q', 'H'] as const) assert.ok(buildMatrix(LONG_TEXT, ecc).version <= 40);
    assert.throws(() => buildMatrix('x'.repeat(3000), 'H'), RangeError);
    assert.throws(() => buildMatrix(''), RangeError);
  });

  test('merged rectangles cover exactly the dark modules', () => {
    const m = buildMatrix(URL, 'H');
    const covered = new Uint8Array(m.size * m.size);
    for (const r of darkRects(m))
      for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) covered[y * m.size + x]++;
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++) assert.equal(covered[y * m.size + x], isDark(m, x, y) ? 1 : 0);
  });
});

describe('png', () => {
  test('crc32 matches the published check value and the IEND constant', () => {
    assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
    assert.equal(crc32(Buffer.from('IEND')), 0xae426082);
  });

  test('palette, 1 bit, exact dimensions and pHYs for 300 dpi', async () => {
    const m = buildMatrix(URL, 'M');
    const png = await renderPng(m, { size: 512, margin: 4, dpi: 300, fg: '#112233', bg: '#FFEEDD' });
    const chunks = pngChunks(png);
    const ihdr = chunks.get('IHDR')!;
    const moduleSize = pngModuleSize(m.size + 8, 512);
    assert.equal(moduleSize, Math.floor(512 / (m.size + 8)));
    assert.ok(moduleSize > 1);
    assert.equal(ihdr.readUInt32BE(0), 512);
    assert.equal(ihdr.readUInt32BE(4), 512);
    assert.deepEqual([...ihdr.subarray(8)], [1, 3, 0, 0, 0]);
    assert.deepEqual([...chunks.get('PLTE')!], [0xff, 0xee, 0xdd, 0x11, 0x22, 0x33]);
    const phys = chunks.get('pHYs')!;
    assert.equal(dpiToPixelsPerMetre(300), 11811);
    assert.deepEqual([phys.readUInt32BE(0), phys.readUInt32BE(4), phys[8]], [11811, 11811, 1]);
    assert.deepEqual([...chunks.keys()], ['IHDR', 'PLTE', 'pHYs', 'IDAT', 'IEND']);
    const raw = inflateSync(chunks.get('IDAT')!);
    assert.equal(raw.length, ihdr.readUInt32BE(4) * (1 + Math.ceil(ihdr.readUInt32BE(0) / 8)));
  });

  test('size is the exact edge (1024 gives 1024, not 999); only below the module count is it larger', async () => {
    const m = buildMatrix(URL, 'L');
    const full = m.size + 2 * 2;
    for (const size of [16, full, full * 3 + 2, 1024, 4096]) {
      const ihdr = pngChunks(await renderPng(m, { size, margin: 2 })).get('IHDR')!;
      assert.equal(ihdr.readUInt32BE(0), Math.max(full, size), `size ${size}`);
    }
    assert.ok(!pngChunks(await renderPng(m, {})).has('pHYs'));
  });

  test(
    'an exact-size PNG with the remainder in the quiet zone still decodes',
    { skip: missingTools('zbarimg') },
    async () => {
      const m = buildMatrix(URL, 'M');
      const png = await renderPng(m, { size: 1024 });
      assert.equal(pngChunks(png).get('IHDR')!.readUInt32BE(0), 1024);
      assert.equal(await decodePng(png), URL);
    },
  );
});

describe('svg', () => {
  test('one path, viewBox with quiet zone, crisp edges, escaped attributes; xmllint parses it', async (t) => {
    const m = buildMatrix(URL, 'Q');
    const svg = renderSvg(m, { margin: 3, mm: 25.5, title: 'A <b>&"quoted"\' title' });
    assert.equal(svg.match(/<path /g)?.length, 1);
    assert.match(svg, new RegExp(`viewBox="0 0 ${m.size + 6} ${m.size + 6}"`));
    assert.match(svg, /width="25.5mm" height="25.5mm"/);
    assert.match(svg, /shape-rendering="crispEdges"/);
    assert.match(svg, /<title>A &lt;b&gt;&amp;&quot;quoted&quot;&apos; title<\/title>/);
    assert.match(svg, /<rect width="\d+" height="\d+" fill="#FFFFFF"\/>/);
    const skip = missingTools('xmllint');
    if (skip) return t.skip(skip);
    await withTempDir(async (dir) => {
      await writeFile(join(dir, 'a.svg'), svg);
      await run('xmllint', ['--noout', join(dir, 'a.svg')]);
    });
  });
});

describe('pdf', () => {
  test('pdfinfo reads it, page is the requested size, and it holds no image', async (t) => {
    const skip = missingTools('pdfinfo', 'pdfimages');
    if (skip) return t.skip(skip);
    const pdf = await renderPdf(buildMatrix(URL, 'M'), { mm: 40, title: 'Test' });
    await withTempDir(async (dir) => {
      await writeFile(join(dir, 'a.pdf'), pdf);
      const info = (await run('pdfinfo', [join(dir, 'a.pdf')])).stdout.toString();
      assert.match(info, /Pages:\s+1\n/);
      const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
      assert.ok(Math.abs(Number(w) - (40 * 72) / 25.4) < 0.01 && Math.abs(Number(h) - (40 * 72) / 25.4) < 0.01, info);
      const images = (await run('pdfimages', ['-list', join(dir, 'a.pdf')])).stdout.toString().trim().split('\n');
      assert.equal(images.length, 2, 'pdfimages lists only its two header lines'); // vector only
    });
    // PDFKit's ProcSet always names /ImageB etc.; an actual image would be an XObject.
    assert.ok(!pdf.includes('/XObject') && !pdf.includes('/Subtype /Image'), 'no image XObject');
  });

  test('default physical size is 1 mm per module', async () => {
    const m = buildMatrix(URL, 'M');
    const pdf = (await render('pdf', URL, { ecc: 'M' })).body as Buffer;
    const side = ((m.size + 8) * 72) / 25.4;
    assert.match(
      pdf.toString('latin1'),
      new RegExp(`/MediaBox \\[0 0 ${side.toFixed(2)}\\d* ${side.toFixed(2)}\\d*\\]`),
    );
  });
});

describe('eps', () => {
  test('DSC header with exact bounding boxes; ghostscript renders it cleanly to that size', async (t) => {
    const m = buildMatrix(URL, 'H');
    const eps = await renderEps(m, { mm: 30, bg: '#EEEEEE' });
    const side = (30 * 72) / 25.4;
    assert.ok(eps.startsWith('%!PS-Adobe-3.0 EPSF-3.0\n'));
    assert.match(eps, new RegExp(`%%BoundingBox: 0 0 ${Math.ceil(side)} ${Math.ceil(side)}\n`));
    assert.match(eps, /%%HiResBoundingBox: 0 0 85.0394 85.0394\n/);
    assert.ok(eps.trimEnd().endsWith('%%EOF'));
    const skip = missingTools('gs');
    if (skip) return t.skip(skip);
    await withTempDir(async (dir) => {
      const { stderr } = await rasteriseEps(eps, dir);
      assert.equal(stderr.trim(), '', 'ghostscript reports nothing');
      const png = pngChunks(await readFile(join(dir, 'out.png')));
      assert.equal(png.get('IHDR')!.readUInt32BE(0), Math.round((side / 72) * 300));
      // The painted area (the light grey background counts as marks) is the whole box.
      const bbox = (await run('gs', ['-dSAFER', '-dBATCH', '-dNOPAUSE', '-q', '-sDEVICE=bbox', join(dir, 'in.eps')]))
        .stderr;
      const [, x0, y0, x1, y1] = /%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(bbox)!.map(Number);
      assert.ok(x0 < 0.1 && y0 < 0.1 && Math.abs(x1 - side) < 0.1 && Math.abs(y1 - side) < 0.1, bbox);
    });
  });
});
