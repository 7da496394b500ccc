// Runs GS1's own resolver test suite (github.com/gs1/GS1DL-resolver-testsuite) unchanged, in
// node:vm, against a server on loopback. None of GS1's code or data is in this repository: the
// suite, GS1's linkset schema and the GS1 Web vocabulary are read at test time from git
// directories (a clone or a bare mirror) at the commits pinned here; docs/dpp.md, "Conformance",
// says where to get them.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { Ajv } from 'ajv';
import { loopbackRequest, tester } from './gs1-tester.js';

interface Source {
  repo: string;
  commit: string;
  env: string;
  files: string[];
}

export const SUITE: Source = {
  repo: 'gs1/GS1DL-resolver-testsuite',
  commit: 'e3485a5b78bee1efa4e8bc4e0dfd140472d718df',
  env: 'GS1_RESOLVER_SUITE_DIR',
  files: ['GS1DigitalLinkToolkit.js', 'GS1DigitalLinkResolverTestSuite.js'],
};
const LINKSET: Source = {
  repo: 'gs1/linkset',
  commit: '571bb7d3ea6d5190f96e8480e4e645374fdb08e1',
  env: 'GS1_LINKSET_DIR',
  files: ['gs1-linkset-schema.json'],
};
const WEBVOC: Source = {
  repo: 'gs1/WebVoc',
  commit: 'f8f407bf717233c871dca2f62f4e45b0940e8cad',
  env: 'GS1_WEBVOC_DIR',
  files: ['v1.16/gs1Voc.jsonld'],
};
// GS1 publishes the description file schema on ref.gs1.org only. dot-do/api.qa keeps the bytes
// ref.gs1.org served for version 1.2.0 and their SHA-256; the copy is used only when its bytes
// hash to that value. GS1_DESCRIPTION_SCHEMA_FILE names another copy instead.
const DESCRIPTION_SCHEMA: Source = {
  repo: 'dot-do/api.qa',
  commit: 'c5126bce2e401478ab4945292efcef906723bbd0',
  env: 'GS1_DESCRIPTION_SCHEMA_DIR',
  files: ['test/fixtures/gs1-description-file-schema.json'],
};
const DESCRIPTION_SCHEMA_SHA256 = '99d505c7aa2004cde3277651e8db0e019eab61d2746b2631ddab3fec8a13617e';
const DESCRIPTION_SCHEMA_ENV = 'GS1_DESCRIPTION_SCHEMA_FILE';

/** GS1's description file schema 1.2.0 as ref.gs1.org served it, or null (rdFile then not judged). */
function descriptionSchema(): string | null {
  const named = process.env[DESCRIPTION_SCHEMA_ENV];
  if (named) return readFileSync(named, 'utf8');
  if (!existsSync(dirOf(DESCRIPTION_SCHEMA))) return null;
  const text = read(DESCRIPTION_SCHEMA, DESCRIPTION_SCHEMA.files[0]!);
  return createHash('sha256').update(text).digest('hex') === DESCRIPTION_SCHEMA_SHA256 ? text : null;
}

const dirOf = (s: Source) => process.env[s.env] ?? `/work/.mirror/${s.repo.replace('/', '+')}/repo`;

/** The pinned version of a file: from git when `dir` is a git directory, else as it lies there. */
function read(s: Source, file: string): string {
  const dir = dirOf(s);
  try {
    return execFileSync('git', ['-C', dir, 'show', `${s.commit}:${file}`], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    if (existsSync(join(dir, file))) return readFileSync(join(dir, file), 'utf8');
    throw new Error(`${s.repo}: neither commit ${s.commit} nor ${file} is in ${dir}; fetch that commit`);
  }
}

export interface SuiteSources {
  scripts: string[];
  /** what the suite fetches from GS1's servers, by URL; null where no copy is at hand */
  published: Map<string, string | null>;
}

/** The suite and what it fetches, or why it cannot run (said loudly, as scripts/test.mjs does). */
export function loadSuite(): SuiteSources | { missing: string } {
  const absent = [SUITE, LINKSET, WEBVOC].filter((s) => !existsSync(dirOf(s)));
  if (absent.length) {
    const missing =
      `GS1's resolver test suite is SKIPPED: no ${absent.map((s) => `${s.repo} at ${dirOf(s)}`).join(', ')}. ` +
      `Clone ${absent.map((s) => `https://github.com/${s.repo} (commit ${s.commit.slice(0, 7)})`).join(', ')} ` +
      `and set ${absent.map((s) => s.env).join(', ')} to the clone.`;
    console.warn(`\n${'!'.repeat(78)}\n!! ${missing}\n${'!'.repeat(78)}\n`);
    return { missing };
  }
  return {
    scripts: SUITE.files.map((f) => read(SUITE, f)),
    published: new Map([
      ['https://gs1.github.io/linkset/gs1-linkset-schema.json', read(LINKSET, LINKSET.files[0]!)],
      ['https://ref.gs1.org/voc/data/linktypes', JSON.stringify(linkTypes(read(WEBVOC, WEBVOC.files[0]!)))],
      ['https://ref.gs1.org/standards/resolver/description-file-schema', descriptionSchema()],
    ]),
  };
}

/** ref.gs1.org/voc/data/linktypes as the suite reads it: an object keyed by each link type's name. */
function linkTypes(vocabulary: string): Record<string, { title: string }> {
  const graph = (JSON.parse(vocabulary.replace(/^\uFEFF/, '')) as { '@graph': any[] })['@graph'];
  const isLinkType = (n: any) => [n['rdfs:subPropertyOf'] ?? []].flat().some((p: any) => p['@id'] === 'gs1:linkType');
  return Object.fromEntries(
    graph
      .filter(isLinkType)
      .map((n) => [String(n['@id']).replace(/^gs1:/, ''), { title: n['rdfs:label']?.['@value'] }]),
  );
}

export interface SuiteResult {
  id: string;
  status: 'pass' | 'fail' | 'warn';
  test: string;
  msg: string;
}

/** The ids of checks that need a GS1 document no copy of which is at hand: not judged, and said so. */
export function notJudged(sources: SuiteSources): string[] {
  return sources.published.get('https://ref.gs1.org/standards/resolver/description-file-schema') === null
    ? ['rdFile']
    : [];
}

/** The suite's `testDL(dl)` in a fresh context; its results once every request it started is answered. */
export async function runSuite(
  sources: SuiteSources,
  dl: string,
  ca: string,
): Promise<{ results: SuiteResult[]; log: string[] }> {
  const log: string[] = [];
  const pending = new Set<Promise<unknown>>();
  let testerUri = '';
  const answer = async (input: string | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    if (req.url.startsWith(`${testerUri}?`)) return Response.json(await tester(new URL(req.url).searchParams, ca));
    if (sources.published.has(req.url)) {
      const text = sources.published.get(req.url);
      return text == null ? new Response('no copy here', { status: 404, statusText: 'Not Found' }) : new Response(text);
    }
    const a = await loopbackRequest(req.url, { method: req.method, headers: Object.fromEntries(req.headers), ca });
    const noBody = [204, 304].includes(a.status) || req.method === 'HEAD';
    const headers = new Headers();
    for (let i = 0; i < a.rawHeaders.length; i += 2) headers.append(a.rawHeaders[i]!, a.rawHeaders[i + 1]!);
    return new Response(noBody ? null : new Uint8Array(a.body), {
      status: a.status,
      statusText: a.statusText,
      headers,
    });
  };
  const fetch = (input: string | Request, init?: RequestInit) => {
    const p = answer(input, init);
    pending.add(p);
    void p.catch(() => undefined).finally(() => pending.delete(p));
    return p;
  };
  const say = (...a: unknown[]) => void log.push(a.map(String).join(' '));
  const context = vm.createContext({
    ...{ fetch, Request, Response, Headers, URL, setTimeout, clearTimeout },
    console: { log: say, error: say, warn: say, info: say },
    document: fakeDocument(),
    location: { href: 'https://ref.gs1.org/test-suites/resolver/' },
    module: { exports: {} },
  });
  // the suite's page loads Ajv's draft-07 bundle, which defines window.ajv7; its warnings (an
  // unknown format ignored) go to the suite's log, as they would to the page's console
  const ajv7 = class extends Ajv {
    constructor(options: ConstructorParameters<typeof Ajv>[0]) {
      super({ ...options, logger: { log: say, warn: say, error: say } });
    }
  };
  context.window = Object.assign(context, { ajv7 });
  for (const script of sources.scripts) vm.runInContext(script, context);
  // where the suite sends what its PHP helper is to fetch
  testerUri = vm.runInContext('testUri', context) as string;
  await (vm.runInContext('testDL', context) as (dl: string) => Promise<void>)(dl);
  // the description file and TLS checks are started without being awaited
  while (pending.size) {
    await Promise.allSettled([...pending]);
    await new Promise((resolve) => setImmediate(resolve));
  }
  // copied out of the suite's realm, so that assert's deep equality sees plain arrays and objects
  const results = Array.from(vm.runInContext('resultsArray', context) as SuiteResult[], (r) => ({
    id: r.id,
    status: r.status,
    test: r.test,
    msg: r.msg,
  }));
  return { results, log };
}

/** The few DOM calls the suite makes to draw its results, which are read from `resultsArray` instead. */
function fakeDocument() {
  const elements: any[] = [];
  const element = (tag: string, id = '') => {
    const e = {
      tag,
      id,
      className: '',
      innerHTML: '',
      style: {},
      children: [] as unknown[],
      removed: false,
      appendChild: (c: unknown) => (e.children.push(c), c),
      prepend: (c: unknown) => void e.children.unshift(c),
      remove: () => void (e.removed = true),
    };
    elements.push(e);
    return e;
  };
  element('div', 'gs1ResolverTests');
  element('img', 'rotatingcircle');
  return {
    createElement: (tag: string) => element(tag),
    createTextNode: (text: string) => ({ text }),
    getElementById: (id: string) => elements.find((e) => e.id === id && !e.removed) ?? null,
  };
}
