// Generates sdk/src/schema.ts from the live OpenAPI document with openapi-typescript.
// `tsx scripts/sdk-types.ts` writes it; `--check` fails when the checked-in file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { liveOpenApiDocument } from './openapi-live.js';
import { ContentSchemas, PageContentSchemas } from '../src/features/codes/content.schemas.js';
import { generateRequestBodies } from './sdk-bodies.js';

const HEADER = '// Generated from the qrs OpenAPI document by openapi-typescript (npm run sdk:types). Do not edit.\n\n';
const FILE = new URL('../sdk/src/schema.ts', import.meta.url);
const PUBLIC_FILE = new URL('../sdk/src/public-paths.ts', import.meta.url);
const CONTENT_FILE = new URL('../sdk/src/content.ts', import.meta.url);
const BODIES_FILE = new URL('../sdk/src/forms/bodies.ts', import.meta.url);

/** The typed paths of the live document as TypeScript source. */
export async function generateSdkTypes(): Promise<string> {
  const ast = await openapiTS((await liveOpenApiDocument()) as never, { alphabetize: true });
  return HEADER + astToString(ast);
}

/** `vcard` → `VcardContent`: the name of a content type's schema in sdk/src/content.ts. */
const contentName = (type: string) => `${type[0].toUpperCase()}${type.slice(1)}Content`;

/**
 * The `content` of each code type, from the schemas the codes feature validates it with (the
 * OpenAPI document types `content` as an open object, so the SDK's per-type union comes from here).
 * The presence rules (`anyOf` of required members, Wi-Fi's `if`/`else`) are left out: the generator
 * would turn them into a union that accepts `{}` anyway, and the service answers them with a 422.
 */
export async function generateContentTypes(): Promise<string> {
  const all: Record<string, unknown> = { ...ContentSchemas, ...PageContentSchemas };
  delete all.url; // a url code takes its destination in `url`, not in `content`
  const schemas: Record<string, unknown> = {};
  for (const [type, schema] of Object.entries(all)) {
    const { anyOf: _anyOf, if: _if, then: _then, else: _else, ...plain } = JSON.parse(JSON.stringify(schema));
    schemas[contentName(type)] = plain;
  }
  const doc = { openapi: '3.1.0', info: { title: 'content', version: '1' }, paths: {}, components: { schemas } };
  const ast = await openapiTS(doc as never, { alphabetize: true });
  const byType = Object.keys(all)
    .map((type) => `    ${type}: components["schemas"]["${contentName(type)}"];\n`)
    .join('');
  return `${HEADER}${astToString(ast)}/** The \`content\` of a code of each type but url (whose destination is \`url\`). */\nexport interface ContentByType {\n${byType}}\n`;
}

/** The SDK's public operations (`security: []`): the SDK never sends them the API key. */
export async function publicPaths(): Promise<string[]> {
  const doc = (await liveOpenApiDocument()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  return Object.entries(doc.paths)
    .filter(([, item]) => Object.values(item).some((op) => Array.isArray(op?.security) && op.security.length === 0))
    .map(([p]) => p)
    .sort();
}

export async function publicPathsSource(): Promise<string> {
  // One path a line with a trailing comma, as Prettier (npm run lint:format) writes the array.
  const list = `[\n${(await publicPaths()).map((p) => `  '${p}',\n`).join('')}]`;
  return `${HEADER}/** Paths whose operations are public (\`security: []\`): the SDK never sends them credentials. */\nexport const PUBLIC_PATHS: readonly string[] = ${list};\n`;
}

/** Each operation's request body, its JSON Schema and validator (scripts/sdk-bodies.ts). */
export async function requestBodiesSource(): Promise<string> {
  const header =
    '// Generated from the qrs OpenAPI document by Ajv (npm run sdk:types, scripts/sdk-bodies.ts). Do not edit.\n\n';
  return generateRequestBodies((await liveOpenApiDocument()) as never, header);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = await generateSdkTypes();
  const publicSource = await publicPathsSource();
  const contentSource = await generateContentTypes();
  const bodiesSource = await requestBodiesSource();
  if (process.argv.includes('--check')) {
    if (
      readFileSync(FILE, 'utf8') !== source ||
      readFileSync(PUBLIC_FILE, 'utf8') !== publicSource ||
      readFileSync(CONTENT_FILE, 'utf8') !== contentSource ||
      readFileSync(BODIES_FILE, 'utf8') !== bodiesSource
    ) {
      console.error(
        "sdk/src/schema.ts is stale against the server's OpenAPI document: run `npm run sdk:types` and commit it.",
      );
      process.exit(1);
    }
    console.log('sdk/src/schema.ts is up to date');
  } else {
    writeFileSync(FILE, source);
    writeFileSync(PUBLIC_FILE, publicSource);
    writeFileSync(CONTENT_FILE, contentSource);
    writeFileSync(BODIES_FILE, bodiesSource);
    console.log('wrote sdk/src/schema.ts');
  }
}
