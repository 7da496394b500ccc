// The dashboard reaches its data one way: screens call the hooks of web/src/api/hooks/ (one module
// per resource), whose query keys all come from web/src/api/keys.ts, and they word every error
// through web/src/ui/problem-message.ts. A screen that calls TanStack Query itself, writes a key
// of its own, or shows the server's words fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = 'web/src';

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) return walk(p);
    return /\.tsx?$/.test(p) ? [p] : [];
  });
}

const sources = walk(WEB).map((p) => ({
  path: relative(ROOT, join(ROOT, p)),
  text: readFileSync(join(ROOT, p), 'utf8'),
}));
const screens = sources.filter((f) => !f.path.startsWith(`${WEB}/api/`));
const hooks = sources.filter((f) => f.path.startsWith(`${WEB}/api/hooks/`));

/** `file:line: text` of every line matching. */
function hits(files: typeof sources, re: RegExp): string[] {
  return files.flatMap((f) =>
    f.text.split('\n').flatMap((line, i) => (re.test(line) ? [`${f.path}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('dashboard data access', () => {
  it('finds the sources it checks', () => {
    assert.ok(screens.length > 30, `only ${screens.length} files under ${WEB}`);
    assert.ok(hooks.length > 5, `only ${hooks.length} hook modules`);
  });

  it('no screen calls TanStack Query itself: queries and the cache go through web/src/api/hooks', () => {
    assert.deepEqual(
      hits(screens, /\b(useQuery|useMutation|useInfiniteQuery|useQueries|useSuspenseQuery|useQueryClient)\s*[(<]/),
      [],
    );
    // The cache itself is made in web/src/api/query-client.tsx.
    assert.deepEqual(hits(screens, /from '@tanstack\/react-query'/), []);
  });

  it('no screen writes a query key: every key comes from web/src/api/keys.ts', () => {
    assert.deepEqual(hits(screens, /\bqueryKey\s*:/), []);
  });

  it('no hook writes a key of its own: each queryKey is built by the key factory', () => {
    // keys.… or the chosen workspace's keys (useWsKeys().…, k.…); never an array literal.
    assert.deepEqual(hits(hooks, /\bqueryKey\s*:\s*\[/), []);
  });

  it('no screen shows the server’s own words for an error: problem-message.ts words them', () => {
    // A problem's detail or title, or an error's message, put on screen as it came. problem-message.ts
    // is the one place that reads them; toFormProblem keeps a thrown error's message as its problem's
    // detail, which problemMessage never shows.
    const kept = (hit: string) =>
      hit.startsWith(`${WEB}/ui/problem-message.ts:`) ||
      (hit.startsWith(`${WEB}/ui/forms.tsx:`) &&
        hit.endsWith('detail: err instanceof Error ? err.message : String(err),'));
    assert.deepEqual(
      hits(screens, /(?<![\w'.-])(problem|err|error)\??\.(detail|title)\b|\berr(or)?\.message\b/).filter(
        (h) => !kept(h),
      ),
      [],
    );
  });
});
