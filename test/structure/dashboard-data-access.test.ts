// The dashboard reaches its data one way: screens call the hooks of web/src/api/hooks/ (a module per
// resource, or a folder of one file per query or write), whose query keys all come from web/src/api/keys.ts, and they word
// every error through web/src/ui/problem-message.ts. A screen that sends a request itself (through
// the API client or around it), calls TanStack Query itself, writes a key of its own, or shows the
// server's words fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
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

const CLIENT = `${WEB}/api/client`;

/**
 * What a screen may take from the API client: its types, the error class it throws, the session
 * state a request carries (set by web/src/session.tsx) and the deprecation notices (the banner).
 * Everything else it exports sends a request (api, qrs, ok, body, fetchBlob): hooks only.
 */
const SCREEN_MAY_IMPORT = new Set(['ApiError', 'setCsrfToken', 'setOrganization', 'setWorkspace', 'onDeprecation']);

/** `file: name` of every value a file imports (or re-exports) from the API client; type-only names left out. */
function clientValues(files: typeof sources): string[] {
  const re =
    /\b(import|export)\s+(type\s+)?(\{[^}]*\}|\*\s*as\s+\w+|\w+(?:\s*,\s*\{[^}]*\})?)\s*from\s*['"]([^'"]+)['"]/g;
  return files.flatMap((f) =>
    [...f.text.matchAll(re)].flatMap(([, , typeOnly, what, from]) => {
      if (!from.startsWith('.')) return [];
      const target = posix.join(posix.dirname(f.path), from).replace(/\.(js|ts|tsx)$/, '');
      if (target !== CLIENT || typeOnly) return [];
      if (what.startsWith('*')) return [`${f.path}: ${what}`];
      const names = what
        .replace(/[{}]/g, '')
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.split(/\s+as\s+/)[0].trim());
      return names.map((n) => `${f.path}: ${n}`);
    }),
  );
}

/** The values a screen takes from the API client but may not. */
const clientImports = (files: typeof sources) =>
  clientValues(files).filter((hit) => !SCREEN_MAY_IMPORT.has(hit.slice(hit.lastIndexOf(': ') + 2)));

describe('dashboard data access', () => {
  it('finds the sources it checks', () => {
    assert.ok(screens.length > 30, `only ${screens.length} files under ${WEB}`);
    assert.ok(hooks.length > 5, `only ${hooks.length} hook modules`);
  });

  it('no screen sends a request: the API client is called from web/src/api/ only', () => {
    // The client's request-sending exports (api, qrs, ok, body, fetchBlob, a namespace import) stay in
    // the hooks; a screen calls a hook's read or write.
    assert.deepEqual(clientImports(screens), []);
    // Nor a call of the SDK's typed client by another name, nor a request around the client.
    assert.deepEqual(hits(screens, /\.(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s*\(/), []);
    assert.deepEqual(hits(screens, /(?<![\w.])fetch\s*\(|from '@qrs\/sdk'|\bXMLHttpRequest\b/), []);
  });

  it('the rule above sees how screens import the client today', () => {
    // Screens do import values from the client (ApiError, the session's setters), from every depth of
    // web/src; a matcher that saw none of them would pass vacuously.
    const seen = clientValues(screens);
    assert.ok(seen.length > 10, `only ${seen.length} client imports seen in screens`);
    for (const hit of [
      `${WEB}/session.tsx: setCsrfToken`,
      `${WEB}/pages/Billing.tsx: ApiError`,
      `${WEB}/pages/team/Members.tsx: ApiError`,
    ])
      assert.ok(seen.includes(hit), `not seen: ${hit}`);
    const planted = clientImports([
      { path: `${WEB}/pages/x/Planted.tsx`, text: "import { ApiError, api, ok as send } from '../../api/client';" },
      { path: `${WEB}/pages/Planted.tsx`, text: "import * as client from '../api/client.js';" },
      {
        path: `${WEB}/pages/Typed.tsx`,
        text: "import type { Code } from '../api/client';\nimport { type Me } from '../api/client';",
      },
    ]);
    assert.deepEqual(planted, [
      `${WEB}/pages/x/Planted.tsx: api`,
      `${WEB}/pages/x/Planted.tsx: ok`,
      `${WEB}/pages/Planted.tsx: * as client`,
    ]);
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
      (hit.startsWith(`${WEB}/ui/form-problem.ts:`) &&
        hit.endsWith('detail: err instanceof Error ? err.message : String(err),'));
    assert.deepEqual(
      hits(screens, /(?<![\w'.-])(problem|err|error)\??\.(detail|title)\b|\berr(or)?\.message\b/).filter(
        (h) => !kept(h),
      ),
      [],
    );
  });
});
