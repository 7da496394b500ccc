// Each feature's code reaches only its own tables; another feature's data comes through that
// feature's public module (docs/architecture.md, docs/decisions.md D71). The owner of a table is the
// feature whose `*.table.ts` declares it, read from src/db/schema.ts's imports. An access is a
// Kysely call naming the table (selectFrom, insertInto, updateTable, deleteFrom, the joins) or a
// table after from / join / into / update inside a sql`` template.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const FEATURES = 'src/features';
/** Infrastructure that owns tables too (the job queue, the mail outbox): its folders are owners like features. */
export const PLATFORM = 'src/platform';

/** table → owning feature or platform folder ('db' for the tables src/db declares itself). */
export function tableOwners(schema = readFileSync('src/db/schema.ts', 'utf8')): Map<string, string> {
  const featureOfType = new Map<string, string>();
  for (const m of schema.matchAll(/import type \{([^}]*)\} from '\.\.\/(?:features|platform)\/([^/]+)\//g))
    for (const name of m[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      featureOfType.set(name, m[2]);
  const body = schema.slice(schema.indexOf('export interface Database'));
  const owners = new Map<string, string>();
  for (const m of body.matchAll(/^\s+(\w+): (\w+);/gm)) owners.set(m[1], featureOfType.get(m[2]) ?? 'db');
  return owners;
}

const strip = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const KYSELY =
  /\.(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'(\w+)/g;
/** src/db/join-on-id.ts's helper names the table it joins as its second argument. */
const JOIN_ON_ID = /\bjoinOnId\([^,]+,\s*'(\w+)'/g;
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const SQL_TABLE = /\b(?:from|join|into|update)\s+(\w+)/gi;

/** The tables a source file names, each once. */
export function tablesNamed(src: string, tables: Map<string, string>): string[] {
  const code = strip(src);
  const found = new Set<string>();
  for (const m of code.matchAll(KYSELY)) if (tables.has(m[1])) found.add(m[1]);
  for (const m of code.matchAll(JOIN_ON_ID)) if (tables.has(m[1])) found.add(m[1]);
  for (const t of code.matchAll(SQL_TEMPLATE))
    for (const m of t[1].matchAll(SQL_TABLE)) if (tables.has(m[1])) found.add(m[1]);
  return [...found].sort();
}

const featureOf = (file: string) => file.split('/')[2];
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** `file → table (owner)` for each table of another feature that a feature's file (its path and source) names. */
export function foreignIn(file: string, src: string, owners = tableOwners()): string[] {
  return tablesNamed(src, owners)
    .filter((t) => owners.get(t) !== featureOf(file))
    .map((t) => `${file} → ${t} (${owners.get(t)})`);
}

/**
 * Every foreign access of the files of features and platform folders (the composition files at the
 * top of src/features and the shared types at the top of src/platform are no owner's).
 */
export function foreignAccesses(
  files = [...tsFiles(FEATURES), ...tsFiles(PLATFORM)].filter((f) => f.split('/').length > 3),
): string[] {
  const owners = tableOwners();
  return files.flatMap((file) => foreignIn(file, readFileSync(file, 'utf8'), owners));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = foreignAccesses();
  for (const a of found) console.error(`a feature reaches another's table: ${a}; use the owner's public module`);
  if (found.length) process.exit(1);
  console.log('table ownership: every feature reaches only its own tables');
}
