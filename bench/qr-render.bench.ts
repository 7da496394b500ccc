// QR rendering throughput (ours vs. the qrcode package's own renderers, same run, same text)
// and the peak memory of a streamed 1,000-code label sheet.
// Run: npx tsx bench/qr-render.ts [seconds-per-row]
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import QRCode from 'qrcode';
import { render, type QrFormat } from '../src/qr/index.js';
import { writeLabelSheet, type LabelItem, type LabelLayout } from '../src/qr/export-pdf.js';

export interface BenchRow {
  name: string;
  opsPerSec: number;
  meanMs: number;
  bytes: number;
}

const TEXT = 'https://qrs.example.com/r/Ab3dE9x?utm=qr'; // 40 characters, a typical short link

async function measure(name: string, seconds: number, fn: () => Promise<Buffer | string>): Promise<BenchRow> {
  let out = await fn();
  for (let i = 0; i < 20; i++) out = await fn(); // warm-up: JIT, pdfkit font data, zlib
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(seconds * 1e9));
  let now = start;
  while (now < end) {
    out = await fn();
    n++;
    now = process.hrtime.bigint();
  }
  const ms = Number(now - start) / 1e6;
  return { name, opsPerSec: Math.round((n * 1000) / ms), meanMs: ms / n, bytes: Buffer.byteLength(out) };
}

/** One row per format of ours and per qrcode renderer, ECC M, PNG 512 px. */
export async function runQrRenderBench(seconds = 1): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const format of ['svg', 'png', 'pdf', 'eps'] as QrFormat[]) {
    rows.push(
      await measure(`qrs ${format}`, seconds, async () => (await render(format, TEXT, { ecc: 'M', size: 512 })).body),
    );
  }
  rows.push(
    await measure('qrcode toString svg', seconds, () =>
      QRCode.toString(TEXT, { type: 'svg', errorCorrectionLevel: 'M' }),
    ),
  );
  rows.push(
    await measure('qrcode toBuffer png', seconds, () =>
      QRCode.toBuffer(TEXT, { errorCorrectionLevel: 'M', width: 512 }),
    ),
  );
  return rows;
}

export interface ExportMemory {
  codes: number;
  pages: number;
  pdfBytes: number;
  seconds: number;
  baselineRssMb: number;
  peakRssMb: number;
  baselineHeapMb: number;
  peakHeapMb: number;
}

const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;

/**
 * Streams a label sheet of `codes` codes into a sink that takes one chunk per event-loop turn
 * (a slow client), sampling RSS and heap as items are pulled. Bounded memory shows as a peak
 * that does not grow with `codes`.
 */
export async function measureLabelSheetMemory(
  codes = 1000,
  layout: LabelLayout = { page: 'A4', columns: 3, rows: 4, caption: true },
): Promise<ExportMemory> {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  async function* items(): AsyncGenerator<LabelItem> {
    for (let i = 0; i < codes; i++) {
      if (i % 10 === 0) {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      }
      yield {
        payload: `https://qrs.example.com/r/${i.toString(36).padStart(7, '0')}`,
        title: `Battery pack ${i}`,
        caption: `qrs.example.com/r/${i}`,
      };
    }
  }
  let pdfBytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      pdfBytes += chunk.length;
      setImmediate(done);
    },
  });
  const start = performance.now();
  const { pages } = await writeLabelSheet(items(), layout, sink);
  return {
    codes,
    pages,
    pdfBytes,
    seconds: Math.round(performance.now() - start) / 1000,
    baselineRssMb: mb(base.rss),
    peakRssMb: mb(peakRss),
    baselineHeapMb: mb(base.heapUsed),
    peakHeapMb: mb(peakHeap),
  };
}

export function benchTable(rows: BenchRow[]): string {
  const lines = ['| renderer | renders/s | mean ms | output bytes |', '|---|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.name} | ${r.opsPerSec} | ${r.meanMs.toFixed(3)} | ${r.bytes} |`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = Number(process.argv[2] ?? 1);
  console.log(`QR render, "${TEXT}" (${TEXT.length} chars), ECC M, PNG 512 px, Node ${process.version}\n`);
  console.log(benchTable(await runQrRenderBench(seconds)));
  console.log('\nLabel sheet export (A4, 3×4, captions), streamed to a slow sink:\n');
  console.log('| codes | pages | PDF bytes | seconds | RSS before → peak MB | heap before → peak MB |');
  console.log('|---:|---:|---:|---:|---|---|');
  for (const n of [100, 1000]) {
    const r = await measureLabelSheetMemory(n);
    console.log(
      `| ${r.codes} | ${r.pages} | ${r.pdfBytes} | ${r.seconds} | ${r.baselineRssMb} → ${r.peakRssMb} | ${r.baselineHeapMb} → ${r.peakHeapMb} |`,
    );
  }
}
