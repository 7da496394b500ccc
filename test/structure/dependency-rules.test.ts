import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

// The layering of docs/architecture.md, as .dependency-cruiser.cjs states it: the real tree has no
// violation, a fixture tree that breaks each rule once is caught rule by rule, and the doc's rule
// table names exactly the config's rules.
const CONFIG = './.dependency-cruiser.cjs';
const FIXTURE = 'test/fixtures/dep-rules';

async function violations(baseDir?: string): Promise<string[]> {
  const options: ICruiseOptions = await extractDepcruiseOptions(CONFIG);
  if (baseDir) options.baseDir = baseDir;
  const result = await cruise(['src'], options, {}, { tsConfig: extractTSConfig('tsconfig.json') });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

async function ruleNames(): Promise<string[]> {
  const options = await extractDepcruiseOptions(CONFIG);
  return (options.ruleSet?.forbidden ?? []).map((r) => r.name!).sort();
}

describe('dependency rules', () => {
  it('src/ keeps every layering rule', async () => {
    assert.deepEqual(await violations(), []);
  });

  it('catches each rule on a fixture tree that breaks it', async () => {
    assert.deepEqual(
      await violations(FIXTURE),
      [
        'db-not-to-http: src/db/uses-http.ts → src/http/cycle-a.ts',
        'features-not-to-entry: src/features/x/uses-entry.ts → src/app.ts',
        'features-through-public-module: src/features/y/uses-x-repo.ts → src/features/x/x.repo.ts',
        // a cycle is reported once, at the edge where the cruise first closes it
        'http-no-circular: src/http/cycle-a.ts → src/http/cycle-b.ts',
        'http-not-to-features: src/http/uses-feature.ts → src/features/x/x.repo.ts',
        'http-not-to-platform-services: src/http/uses-platform-service.ts → src/platform/queue/uses-feature.ts',
        'lib-is-leaf: src/lib/uses-platform.ts → src/platform/shared.ts',
        'lower-layers-not-to-entry: src/http/uses-entry.ts → src/config/load-config.ts',
        'migrations-no-app-code: src/db/migrations/0001_uses-app-code.ts → src/lib/leaf.ts',
        // feature folders, not modules: x and y each reach themselves through the other's index.ts
        'no-feature-cycles: src/features/x → src/features/y',
        'no-feature-cycles: src/features/y → src/features/x',
        'not-to-unresolvable: src/http/unresolved.ts → ./missing.js',
        'platform-is-shared-types: src/platform/uses-http.ts → src/http/cycle-a.ts',
        'platform-not-to-features: src/platform/queue/uses-feature.ts → src/features/x/x.repo.ts',
        'qr-is-pure: src/qr/uses-http.ts → src/http/cycle-a.ts',
      ].sort(),
    );
  });

  it('names the same rules in docs/architecture.md as in the config', async () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const table = doc.slice(doc.indexOf('## Rules'));
    const documented = [...table.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]).sort();
    assert.deepEqual(documented, await ruleNames());
  });
});
