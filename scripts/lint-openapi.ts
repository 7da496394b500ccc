// `npm run lint:openapi`: dumps the live OpenAPI document and lints it with Redocly (recommended,
// redocly.yaml) and Spectral (spectral:oas, .spectral.yaml). Any error or warning fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { liveOpenApiDocument } from './openapi-live.js';

const dir = mkdtempSync(join(tmpdir(), 'qrs-openapi-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(await liveOpenApiDocument(), null, 2));
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

let failed = false;
const redocly = spawnSync(bin('redocly'), ['lint', '--config', 'redocly.yaml', '--format', 'json', file], {
  env,
  encoding: 'utf8',
  maxBuffer: 64 << 20,
});
try {
  const out = JSON.parse(redocly.stdout) as {
    totals: { errors: number; warnings: number };
    problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
  };
  for (const p of out.problems)
    console.log(`redocly ${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? ''}`);
  console.log(`redocly (recommended): ${out.totals.errors} errors, ${out.totals.warnings} warnings`);
  failed ||= out.totals.errors + out.totals.warnings > 0;
} catch {
  console.error(redocly.stdout, redocly.stderr);
  failed = true;
}

const spectral = spawnSync(
  bin('spectral'),
  ['lint', '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet', file],
  { env, encoding: 'utf8', maxBuffer: 64 << 20 },
);
try {
  const out = JSON.parse(spectral.stdout || '[]') as Array<{
    code: string;
    severity: number;
    message: string;
    path: string[];
  }>;
  for (const p of out)
    console.log(
      `spectral ${['error', 'warning', 'info', 'hint'][p.severity]} ${p.code}: ${p.message} at ${p.path.join('.')}`,
    );
  const errors = out.filter((p) => p.severity === 0).length;
  const warnings = out.filter((p) => p.severity === 1).length;
  console.log(`spectral (spectral:oas): ${errors} errors, ${warnings} warnings`);
  failed ||= errors + warnings > 0;
} catch {
  console.error(spectral.stdout, spectral.stderr);
  failed = true;
}
rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
