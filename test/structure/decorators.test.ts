import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { DECORATOR_PROVIDERS, featurePlugin, type Decorator } from '../../src/http/plugin.js';

// Decorators are dependencies (docs/decisions.md D68): a plugin that reads `app.scans` names the
// plugin that provides it, Fastify checks the order at boot, and the features' import graph with
// the decorator uses added has no cycle (dependency-cruiser sees imports only). Platform folders
// (src/platform/<name>/) provide decorators too (app.jobs, app.metrics) and are nodes of the graph.

const FOLDERS = ['src/features', 'src/platform'];
const DECORATORS = Object.keys(DECORATOR_PROVIDERS) as Decorator[];
const USE = new RegExp(`\\b(?:app|server)\\.(${DECORATORS.join('|')})\\b`, 'g');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
/** `features/<name>` or `platform/<name>`: the folder that owns a file. */
const folderOf = (file: string) => file.split('/').slice(1, 3).join('/');
const inFolder = (file: string) => FOLDERS.some((root) => file.startsWith(`${root}/`)) && file.split('/').length > 3;
const sources = () => FOLDERS.flatMap(files);
const KNOWN_CYCLE_EDGES: Array<[string, string]> = [];

function uses(): Array<{ file: string; decorator: Decorator }> {
  return sources().flatMap((file) =>
    [...new Set([...code(file).matchAll(USE)].map((m) => m[1] as Decorator))].map((decorator) => ({ file, decorator })),
  );
}

function providerFile(decorator: Decorator): string {
  const found = sources().filter((f) => code(f).includes(`app.decorate('${decorator}'`));
  assert.equal(found.length, 1, `one plugin decorates app.${decorator}: ${found.join(', ')}`);
  return found[0];
}

/** The first cycle of a directed graph, as its nodes, or null. */
export function cycleOf(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...path.slice(path.indexOf(n)), n];
    state.set(n, 'open');
    path.push(n);
    for (const m of graph.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    path.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

describe('decorators are declared dependencies', () => {
  it('every plugin that reads a decorator declares the plugin that provides it', () => {
    const missing: string[] = [];
    for (const { file, decorator } of uses()) {
      const src = code(file);
      if (src.includes(`app.decorate('${decorator}'`)) continue;
      const viaFeaturePlugin = /featurePlugin\(\s*'[^']+',\s*\[([^\]]*)\]/.exec(src)?.[1] ?? '';
      const viaDependencies = /dependencies:\s*\[([^\]]*)\]/.exec(src)?.[1] ?? '';
      const declared =
        viaFeaturePlugin.includes(`'${decorator}'`) || viaDependencies.includes(`'${DECORATOR_PROVIDERS[decorator]}'`);
      if (!declared) missing.push(`${file} reads app.${decorator} without declaring ${DECORATOR_PROVIDERS[decorator]}`);
    }
    assert.deepEqual(missing, []);
    assert.ok(uses().length >= 10, 'the scan finds the uses');
  });

  it('Fastify refuses to boot a plugin whose provider is missing or registered after it', async () => {
    const app = Fastify();
    await assert.rejects(async () => {
      await app.register(featurePlugin('probe', ['scans'], async () => {}));
      await app.ready();
    }, /dependency 'scans-runtime' of plugin 'probe' is not registered/);
  });

  it('platform folders read no decorator a feature provides', () => {
    const upward = uses()
      .filter(
        ({ file, decorator }) =>
          file.startsWith('src/platform/') && providerFile(decorator).startsWith('src/features/'),
      )
      .map(({ file, decorator }) => `${file} reads app.${decorator}`);
    assert.deepEqual(upward, []);
  });

  it('features and platform folders with their decorator uses form no cycle', async () => {
    const options: ICruiseOptions = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    const result = (await cruise(FOLDERS, options, {}, { tsConfig: extractTSConfig('tsconfig.json') }))
      .output as ICruiseResult;
    const graph = new Map<string, Set<string>>();
    const edge = (from: string, to: string) => {
      if (from === to) return;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    };
    for (const m of result.modules)
      if (FOLDERS.some((root) => m.source.startsWith(`${root}/`)))
        for (const d of m.dependencies) if (inFolder(d.resolved)) edge(folderOf(m.source), folderOf(d.resolved));
    const imports = new Map([...graph].map(([k, v]) => [k, new Set(v)]));
    assert.equal(cycleOf(imports), null, 'imports alone form no cycle (dependency-cruiser checks the same)');
    for (const { file, decorator } of uses()) edge(folderOf(file), folderOf(providerFile(decorator)));
    // A cycle accepted for a while is named here, so that no other joins it (none now: usage
    // consumes scan batches through a port, src/platform/scan-consumers.ts).
    for (const [from, to] of KNOWN_CYCLE_EDGES) {
      assert.ok(graph.get(from)?.has(to), `the known edge ${from} → ${to} is gone: drop it from KNOWN_CYCLE_EDGES`);
      graph.get(from)!.delete(to);
    }
    assert.equal(cycleOf(graph), null, `a decorator use closes a cycle: ${cycleOf(graph)?.join(' → ')}`);
    // The check itself: a use from the provider's side back to a consumer is caught.
    const probe = new Map([...graph].map(([k, v]) => [k, new Set(v)]));
    probe.set('features/scans', new Set([...(probe.get('features/scans') ?? []), 'features/usage']));
    probe.set('features/usage', new Set([...(probe.get('features/usage') ?? []), 'features/scans']));
    assert.ok(cycleOf(probe), 'a cycle through a decorator is found');
  });
});
