import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate } from 'fflate';

const FLUSH_AT = 64 * 1024;
const encoder = new TextEncoder();

/**
 * Writes a ZIP file entry by entry, each entry from an async source of text pieces. fflate deflates
 * synchronously as text is pushed; after each push the writer waits for the file stream to drain,
 * so memory holds about one 64 KB piece and the deflate window, whatever the export's size.
 */
export class ZipFileWriter {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private failed: Error | null = null;
  private readonly done: Promise<void>;

  constructor(path: string) {
    this.out = createWriteStream(path, { flags: 'wx' });
    let finish!: () => void;
    let fail!: (err: Error) => void;
    this.done = new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    this.done.catch(() => undefined);
    this.out.on('error', (err) => {
      this.failed = err;
      fail(err);
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failed = err;
        return fail(err);
      }
      this.out.write(chunk);
      if (final) this.out.end(() => finish());
    });
  }

  private async drain() {
    if (this.failed) throw this.failed;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  /** One entry; `pieces` yields its text in order. */
  async add(name: string, pieces: AsyncIterable<string> | Iterable<string>): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    let buffered = '';
    for await (const piece of pieces) {
      buffered += piece;
      if (buffered.length >= FLUSH_AT) {
        entry.push(encoder.encode(buffered));
        buffered = '';
        await this.drain();
      }
    }
    entry.push(encoder.encode(buffered), true);
    await this.drain();
  }

  async close(): Promise<void> {
    this.zip.end();
    await this.done;
  }

  /** Stops after a failure; the caller deletes the partial file. */
  abort(): void {
    this.zip.terminate();
    this.out.destroy();
  }
}
