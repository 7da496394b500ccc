// Every document the code and the docs cite is in this repository: `docs/<file>.md` paths and
// relative Markdown links name files that exist (and headings that exist, for `#anchors`), every
// design decision `D<n>` has its heading in docs/decisions.md, and nothing cites an issue or the
// interface specification by number, which a reader of this repository cannot open.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

function walk(dir: string, keep: (p: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) return walk(p, keep);
    return keep(p) ? [p] : [];
  });
}

const code = (p: string) => /\.(ts|mjs)$/.test(p) && p !== SELF;
const sources = [...walk('src', code), ...walk('test', code), ...walk('bench', code), ...walk('scripts', code)];
// docs/sdk/ is generated from the SDK by typedoc.
const markdown = [
  'README.md',
  ...walk('docs', (p) => p.endsWith('.md') && !p.startsWith('docs/sdk/')),
  ...walk('bench', (p) => p.endsWith('.md')),
];
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

/** Every `file:line: text` where `re` matches. */
function hits(files: string[], re: RegExp): Array<{ at: string; match: RegExpExecArray }> {
  const out: Array<{ at: string; match: RegExpExecArray }> = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        for (const match of line.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'))) {
          out.push({ at: `${file}:${i + 1}`, match: match as RegExpExecArray });
        }
      });
  }
  return out;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(file: string): Set<string> {
  const set = new Set<string>();
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (m)
      set.add(
        m[1]
          .trim()
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s_-]/gu, '')
          .replace(/\s/g, '-'),
      );
  }
  return set;
}

const decisions = new Set([...read('docs/decisions.md').matchAll(/^## (D\d+)\. /gm)].map((m) => m[1]));

describe('references to documents', () => {
  it('docs/decisions.md has a heading for D1 to D11', () => {
    for (let n = 1; n <= 11; n++) assert.ok(decisions.has(`D${n}`), `D${n}`);
  });

  it('every docs/<file>.md and bench/<file>.md named in code and docs exists', () => {
    const missing = hits([...sources, ...markdown], /\b(?:docs|bench)\/[\w./-]+?\.md\b/)
      .filter(({ match }) => !existsSync(join(ROOT, match[0])))
      .map(({ at, match }) => `${at}: ${match[0]}`);
    assert.deepEqual(missing, []);
  });

  it('every relative Markdown link points to a file, and to a heading when it has an #anchor', () => {
    const broken: string[] = [];
    for (const { at, match } of hits(markdown, /\]\(([^)\s#]*)(?:#([^)\s]+))?\)/)) {
      const [, target, anchor] = match;
      if (/^[a-z]+:/.test(target)) continue; // http:, https:, mailto:
      const file = target ? join(dirname(at.split(':')[0]), target) : at.split(':')[0];
      if (!existsSync(join(ROOT, file))) broken.push(`${at}: ${match[0]}`);
      else if (anchor && file.endsWith('.md') && !anchors(file).has(anchor))
        broken.push(`${at}: ${match[0]} (no such heading)`);
    }
    assert.deepEqual(broken, []);
  });

  it('every cited decision D<n> has its heading in docs/decisions.md', () => {
    const unknown = hits([...sources, ...markdown], /(?<![\w-])D(\d+)\b/)
      .filter(({ match }) => !decisions.has(match[0]))
      .map(({ at, match }) => `${at}: ${match[0]}`);
    assert.deepEqual(unknown, []);
  });

  it('source comments say where a decision is written down', () => {
    const bare = hits(walk('src', code), /(?<![\w-])D\d+\b/)
      .filter(({ at }) => {
        const [file, line] = at.split(':');
        return !read(file).split('\n')[Number(line) - 1].includes('docs/decisions.md');
      })
      .map(({ at, match }) => `${at}: ${match[0]}`);
    assert.deepEqual(bare, []);
  });

  it('the README gives the decisions as D1 to the newest one and links every document of docs/', () => {
    const readme = read('README.md');
    const newest = Math.max(...[...decisions].map((d) => Number(d.slice(1))));
    assert.ok(new RegExp(`D1–D${newest}\\b`).test(readme), `the README should say the decisions run D1–D${newest}`);
    const unlinked = readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .filter((name) => !readme.includes(`](docs/${name})`));
    assert.deepEqual(unlinked, [], 'documents of docs/ the README does not link');
  });

  it('nothing cites an issue or the interface specification by number', () => {
    const outside = hits(
      [...sources, ...markdown],
      /\b(?:[Ii]ssue \d+|[Ss]pec(?:ification)?(?: section)? \d+(?:\.\d+)?\b)/,
    ).map(({ at, match }) => `${at}: ${match[0]}`);
    assert.deepEqual(outside, []);
  });
});
