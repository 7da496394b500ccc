import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { STAGES } from '../../src/features/scans/flush/flush.js';
import { scanConsumers } from '../../src/features/scan-consumers.js';

// The scan flush reads as one list (docs/decisions.md D69, docs/scans-pipeline.md).

const SCANS = 'src/features/scans';
const WRITE_PATH = ['ingest', 'flush', 'rollups'].map((d) => join(SCANS, d));

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
/** Where each relative import of a file points, as a path from the project's root. */
const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+'(\.[^']+)'/gm)].map((m) =>
    relative('.', resolve(dirname(file), m[1])).replace(/\.js$/, '.ts'),
  );
const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

describe('the scan flush is one list', () => {
  it('the write path (ingest, flush, rollups) imports no other feature: a consumer registers, it is not called', () => {
    const called = WRITE_PATH.flatMap(tsFiles).flatMap((file) =>
      importsOf(file)
        .filter((to) => featureOf(to) !== null && featureOf(to) !== 'scans')
        .map((to) => `${file} → ${to}`),
    );
    assert.deepEqual(called, []);
  });

  it('every stage file is in STAGES, in a file of its own, and nothing else writes in flush/', () => {
    const flush = readFileSync(join(SCANS, 'flush/flush.ts'), 'utf8');
    const stageFiles = readdirSync(join(SCANS, 'flush')).filter((f) => f.endsWith('.stage.ts'));
    assert.equal(STAGES.length, stageFiles.length, `${STAGES.length} stages, ${stageFiles.length} stage files`);
    for (const f of stageFiles) {
      const exported = [...readFileSync(join(SCANS, 'flush', f), 'utf8').matchAll(/export const (\w+): FlushStage/g)];
      assert.equal(exported.length, 1, `${f} exports one stage`);
      const name = exported[0][1];
      assert.ok(
        STAGES.some(([, stage]) => stage.name === name),
        `${f}: ${name} is in STAGES`,
      );
      assert.match(flush, new RegExp(`import \\{ ${name} \\} from './${f.replace('.ts', '.js')}'`));
    }
    assert.deepEqual(
      STAGES.map(([name]) => name),
      ['raw rows', 'visitor days', 'rollups'],
      'the order docs/scans-pipeline.md draws',
    );
  });

  it('consumers live in their features, plug in through the port, and import nothing of scans', () => {
    const composition = 'src/features/scan-consumers.ts';
    const files = importsOf(composition).filter((to) => featureOf(to));
    assert.equal(files.length, scanConsumers.list.length, 'one file a consumer');
    for (const file of files) {
      assert.notEqual(featureOf(file), 'scans', `${file} is another feature's`);
      const reach = importsOf(file);
      assert.ok(reach.includes('src/platform/scan-consumers.ts'), `${file} implements the port`);
      assert.deepEqual(
        reach.filter((to) => featureOf(to) === 'scans'),
        [],
        `${file} imports nothing of scans`,
      );
    }
    assert.deepEqual(
      scanConsumers.list.map((c) => c.name),
      ['code counters', 'usage', 'code.scanned', 'ga4.forward'],
    );
    assert.equal(scanConsumers.module, new URL(`../../${composition}`, import.meta.url).href);
  });

  it("docs/scans-pipeline.md's path from the redirect to the row names at most eight files, all there", () => {
    const doc = readFileSync('docs/scans-pipeline.md', 'utf8');
    const section = doc.slice(
      doc.indexOf('## The path of one scan'),
      doc.indexOf('```', doc.indexOf('## The path of one scan')),
    );
    const path = [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]);
    assert.ok(path.length >= 6 && path.length <= 8, `${path.length} files: ${path.join(', ')}`);
    for (const f of path) assert.ok(existsSync(f), `${f} exists`);
    assert.ok(path.includes('src/features/scans/flush/flush.ts'));
    for (const f of readdirSync(join(SCANS, 'flush')).filter((n) => n.endsWith('.stage.ts')))
      assert.ok(doc.includes(`flush/${f}`), `the list of stages names ${f}`);
  });
});
