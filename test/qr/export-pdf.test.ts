import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { createLabelSheet, writeLabelSheet, type LabelItem, type LabelLayout } from '../../src/qr/export-pdf.js';
import { decodePdfPages, missingTools, run, withTempDir } from '../support/decode.js';
import { measureLabelSheetMemory } from '../../bench/qr-render.bench.js';

const A4_3x4: LabelLayout = { page: 'A4', columns: 3, rows: 4, caption: true };

function labels(n: number): LabelItem[] {
  return Array.from({ length: n }, (_, i) => ({
    payload: `https://qrs.example/r/code${String(i).padStart(3, '0')}`,
    title: `Akku-Pack Nr. ${i} mit einem Titel, der zu lang für das Etikett ist`,
    caption: `qrs.example/r/code${i}`,
    ecc: (['L', 'M', 'Q', 'H'] as const)[i % 4],
  }));
}

async function toBuffer(items: Iterable<LabelItem> | AsyncIterable<LabelItem>, layout: LabelLayout): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await writeLabelSheet(items, layout, new Writable({ write: (c: Buffer, _e, done) => (chunks.push(c), done()) }));
  return Buffer.concat(chunks);
}

describe('label sheet export', () => {
  test('30 codes on A4 3×4 make 3 pages, and page 1 scans as its 12 codes', async (t) => {
    const skip = missingTools('pdfinfo', 'pdftoppm', 'zbarimg');
    if (skip) return t.skip(skip);
    const items = labels(30);
    async function* slowly() {
      for (const item of items) yield item; // an async source, as the database cursor will be
    }
    const pdf = await toBuffer(slowly(), A4_3x4);
    await withTempDir(async (dir) => {
      await writeFile(join(dir, 'labels.pdf'), pdf);
      const info = (await run('pdfinfo', [join(dir, 'labels.pdf')])).stdout.toString();
      assert.match(info, /Pages:\s+3\n/);
      assert.match(info, /Page size:\s+595.28 x 841.89 pts \(A4\)/);
    });
    const [page1] = await decodePdfPages(pdf, 1);
    assert.deepEqual(
      page1.sort(),
      items.slice(0, 12).map((i) => i.payload),
    );
    const [page3] = await decodePdfPages(pdf, 3);
    assert.deepEqual(
      page3.sort(),
      items.slice(24).map((i) => i.payload),
    );
  });

  test('an empty export is one blank page; a layout without room is refused up front', async () => {
    const pdf = await toBuffer([], { page: 'Letter', columns: 2, rows: 2, caption: false });
    assert.equal(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length, 1);
    assert.throws(() => createLabelSheet([], { page: 'A4', columns: 10, rows: 20, caption: true }), RangeError);
  });

  test('a bad item fails the stream', async () => {
    await assert.rejects(toBuffer([{ payload: 'x', fg: 'red' }], A4_3x4), /#RRGGBB/);
  });

  test('items are pulled only as fast as the PDF is read', async () => {
    let pulled = 0;
    function* endless(): Generator<LabelItem> {
      for (;;) yield { payload: `https://qrs.example/r/${pulled++}`, title: 'x', caption: 'y' };
    }
    const doc = createLabelSheet(endless(), A4_3x4);
    const reader = doc.pipe(new PassThrough({ highWaterMark: 1024 })); // nobody reads this
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(pulled > 0 && pulled < 20 * 12, `pulled ${pulled} labels without a reader`);
    doc.destroy();
    reader.destroy();
  });

  test('1,000 codes stream with bounded memory', async () => {
    const r = await measureLabelSheetMemory(1000);
    assert.equal(r.pages, 84);
    assert.ok(r.peakHeapMb - r.baselineHeapMb < 64, JSON.stringify(r));
  });
});
