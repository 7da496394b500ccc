// Real decoders for rendered QR output: zbarimg reads the symbol back from a raster image, and
// the vector formats are rasterised first with the tools a user would have (librsvg, poppler,
// ghostscript). Nothing here is mocked: a renderer bug shows up as a failed decode.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

export type Tool = 'zbarimg' | 'rsvg-convert' | 'pdftoppm' | 'pdfinfo' | 'pdfimages' | 'gs' | 'xmllint';

export const APT_PACKAGE: Record<Tool, string> = {
  zbarimg: 'zbar-tools',
  'rsvg-convert': 'librsvg2-bin',
  pdftoppm: 'poppler-utils',
  pdfinfo: 'poppler-utils',
  pdfimages: 'poppler-utils',
  gs: 'ghostscript',
  xmllint: 'libxml2-utils',
};

let available: Record<Tool, boolean> | undefined;

function onPath(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Which external tools are installed (checked once per process). */
export function toolsAvailable(): Record<Tool, boolean> {
  available ??= Object.fromEntries((Object.keys(APT_PACKAGE) as Tool[]).map((t) => [t, onPath(t)])) as Record<
    Tool,
    boolean
  >;
  return available;
}

/**
 * The skip reason when any of `tools` is missing, else undefined. Tests call
 * `t.skip(reason)`; the reason is also printed so a skipped run never looks like a green one.
 */
export function missingTools(...tools: Tool[]): string | undefined {
  const missing = tools.filter((t) => !toolsAvailable()[t]);
  if (!missing.length) return undefined;
  const reason = missing.map((t) => `${t} missing: apt-get install ${APT_PACKAGE[t]}`).join('; ');
  console.warn(`\n!! SKIPPED (${reason})\n`);
  return reason;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

/** Runs a tool, rejecting with its stderr on a non-zero exit. */
export function run(cmd: string, args: string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { encoding: 'buffer', maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')} failed: ${stderr.toString() || err.message}`));
      else resolve({ stdout, stderr: stderr.toString() });
    });
  });
}

/** Runs at most `n` tasks at a time; decoders are CPU-bound child processes. */
export function limit(n = availableParallelism()): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

let nodbus: string[] | undefined;
function zbarFlags(): string[] {
  // Older zbar builds lack --nodbus; newer ones print D-Bus noise without it.
  nodbus ??= execFileSync('zbarimg', ['--help'], { encoding: 'utf8' }).includes('--nodbus') ? ['--nodbus'] : [];
  return [...nodbus, '-q'];
}

export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'qrs-decode-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Exactly one symbol's bytes as UTF-8 text. `-Sbinary` stops zbar from guessing a charset and
 * converting, and from appending a newline, so the result is byte-exact.
 */
export async function decodeOne(imagePath: string): Promise<string> {
  const { stdout } = await run('zbarimg', [...zbarFlags(), '--raw', '-Sbinary', imagePath]);
  return stdout.toString('utf8');
}

/** Every symbol in an image, one per output line (payloads must not contain newlines). */
export async function decodeAll(imagePath: string): Promise<string[]> {
  const { stdout } = await run('zbarimg', [...zbarFlags(), '--raw', imagePath]);
  return stdout.toString('utf8').split('\n').filter(Boolean);
}

export function decodePng(png: Buffer): Promise<string> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.png'), png);
    return decodeOne(join(dir, 'in.png'));
  });
}

/** Rasterises at an integer 4 px per viewBox unit so every module has the same width. */
export function decodeSvg(svg: string): Promise<string> {
  const vb = /viewBox="0 0 (\d+) \d+"/.exec(svg);
  if (!vb) throw new Error('SVG has no integer viewBox');
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.svg'), svg);
    await run('rsvg-convert', [
      '-w',
      String(Number(vb[1]) * 4),
      '-b',
      'white',
      '-o',
      join(dir, 'out.png'),
      join(dir, 'in.svg'),
    ]);
    return decodeOne(join(dir, 'out.png'));
  });
}

/** Renders PDF pages `first`..`last` at 300 dpi; the symbols found on each page. */
export function decodePdfPages(pdf: Buffer, first = 1, last = first): Promise<string[][]> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', [
      '-png',
      '-r',
      '300',
      '-f',
      String(first),
      '-l',
      String(last),
      join(dir, 'in.pdf'),
      join(dir, 'page'),
    ]);
    const pages = (await readdir(dir)).filter((f) => f.startsWith('page')).sort();
    return Promise.all(pages.map((p) => decodeAll(join(dir, p))));
  });
}

export function decodePdf(pdf: Buffer): Promise<string> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-png', '-r', '300', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    return decodeOne(join(dir, 'out.png'));
  });
}

/** Writes `dir/in.eps` and renders it, cropped to its bounding box, to `dir/out.png` at 300 dpi. */
export async function rasteriseEps(eps: string, dir: string): Promise<RunResult> {
  await writeFile(join(dir, 'in.eps'), eps);
  return run('gs', [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dEPSCrop',
    '-sDEVICE=pnggray',
    '-r300',
    `-sOutputFile=${join(dir, 'out.png')}`,
    join(dir, 'in.eps'),
  ]);
}

export function decodeEps(eps: string): Promise<string> {
  return withTempDir(async (dir) => {
    await rasteriseEps(eps, dir);
    return decodeOne(join(dir, 'out.png'));
  });
}

/**
 * The symbols on one page. zbar scanning a whole page of 12 codes misses one now and then (about
 * one page in 20 at 300 dpi with random short codes, though each decodes alone and at other
 * resolutions), so a page is read at 300 dpi and, only if something expected is missing, again
 * at 200 and 400 dpi; the union is what a careful scanner would find.
 */
export async function decodePdfPage(pdf: Buffer, page: number, expected: string[]): Promise<string[]> {
  const found = new Set<string>();
  await withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    for (const dpi of [300, 200, 400]) {
      const out = join(dir, `p${dpi}`);
      await run('pdftoppm', [
        '-png',
        '-r',
        String(dpi),
        '-f',
        String(page),
        '-l',
        String(page),
        '-singlefile',
        join(dir, 'in.pdf'),
        out,
      ]);
      for (const s of await decodeAll(`${out}.png`)) found.add(s);
      if (expected.every((e) => found.has(e))) break;
    }
  });
  return [...found].sort();
}
