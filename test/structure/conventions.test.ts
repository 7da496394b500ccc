// Each convention is written once (issue "each convention once"): the service-dependency type in
// src/platform/deps.ts, date formats in src/lib/time.ts, Nullable in src/http/nullable.ts, audit actors in
// src/features/audit/audit.service.ts, one not-found per resource. This test reads every file under src/
// (the frozen migrations aside) and fails on a second copy of any of them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) return walk(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

// Migrations are history: they keep what they were written with.
const sources = walk('src').filter((p) => !p.startsWith('src/db/migrations/'));
const texts = new Map(sources.map((p) => [p, readFileSync(join(ROOT, p), 'utf8')]));

/** `file:line: text` of every line matching `re`, outside the files in `except`. */
function found(re: RegExp, except: string[] = []): string[] {
  const out: string[] = [];
  for (const [file, text] of texts) {
    if (except.includes(file)) continue;
    text.split('\n').forEach((line, i) => {
      if (re.test(line)) out.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return out;
}

describe('each convention once', () => {
  it('has sources to read', () => {
    assert.ok(sources.length > 100, `only ${sources.length} files under src/`);
  });

  it('services take ServiceDeps: no per-feature Ctx or *Deps alias of Deps', () => {
    const copies = [
      ...found(/\bPick<Deps\b/, ['src/platform/deps.ts']),
      ...found(/\btype\s+\w*(Ctx|Deps)\b\s*(<[^>]*>)?\s*=/, ['src/platform/deps.ts']),
      ...found(/\binterface\s+\w*Deps\b/, ['src/platform/deps.ts']),
    ];
    assert.deepEqual(copies, [], 'use ServiceDeps (src/platform/deps.ts) and name any extra at the use site');
  });

  it('dates are formatted by src/lib/time.ts only', () => {
    const copies = found(/toISOString\(\)\s*\.\s*(slice|substring|substr|split)\(/, ['src/lib/time.ts']);
    assert.deepEqual(copies, [], 'use isoMonth / isoDay / isoHour from src/lib/time.ts');
  });

  it('Nullable is defined once, in src/http/nullable.ts', () => {
    const copies = found(/\b(function|const|let|type|interface)\s+Nullable\b/, ['src/http/nullable.ts']);
    assert.deepEqual(copies, [], 'import Nullable from src/http/nullable.ts');
  });

  it('an audit actor is built by audit.service only', () => {
    // actorType written next to actorId is an actor literal; principals (actorType 'api' | 'user') are built
    // where requests are authenticated, which is why only the 'system' literal and spreads are looked for.
    const copies = [
      ...found(/actorType:\s*'system'/, ['src/features/audit/audit.service.ts']),
      ...found(/\.\.\.SYSTEM_ACTOR\b|\bSYSTEM_ACTOR\s*[:=]/),
      ...found(/\{\s*actorType:\s*'user'( as const)?,\s*actorId:/, ['src/features/audit/audit.service.ts']),
    ];
    assert.deepEqual(copies, [], 'use auditActor(p), userActor(id, requestId) or systemActor() from the audit feature');
  });

  it("each resource's not-found is written once", () => {
    const byResource = new Map<string, string[]>();
    for (const at of found(/\bnotFound\('[^']+'\)/)) {
      for (const m of at.matchAll(/\bnotFound\('([^']+)'\)/g)) {
        byResource.set(m[1], [...(byResource.get(m[1]) ?? []), at]);
      }
    }
    const repeated = [...byResource].filter(([, at]) => at.length > 1);
    assert.deepEqual(repeated, [], 'name the 404 once (a require helper or an xNotFound()) and call that');
    // Nor is one message literal spelt twice ('Code not found' was, seven times).
    const literals = new Map<string, string[]>();
    for (const at of found(/not found/i)) {
      for (const m of at.matchAll(/'([^']*not found[^']*)'/gi)) literals.set(m[1], [...(literals.get(m[1]) ?? []), at]);
    }
    assert.deepEqual(
      [...literals].filter(([, at]) => at.length > 1),
      [],
      'write the message once and refer to it',
    );
    // A 404 problem is made by notFound() (src/http/errors.ts), never by hand.
    assert.deepEqual(
      found(/new AppError\(\s*'not-found',\s*['`][^'`]*not found/i, ['src/http/errors.ts']),
      [],
      'use notFound(resource) from src/http/errors.ts',
    );
  });
});
