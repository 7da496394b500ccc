// Generates sdk/src/schema.ts from the live OpenAPI document with openapi-typescript.
// `tsx scripts/sdk-types.ts` writes it; `--check` fails when the checked-in file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { liveOpenApiDocument } from './openapi-live.js';

const HEADER = '// Generated from the qrs OpenAPI document by openapi-typescript (npm run sdk:types). Do not edit.\n\n';
const FILE = new URL('../sdk/src/schema.ts', import.meta.url);
const PUBLIC_FILE = new URL('../sdk/src/public-paths.ts', import.meta.url);

/** The typed paths of the live document as TypeScript source. */
export async function generateSdkTypes(): Promise<string> {
  const ast = await openapiTS((await liveOpenApiDocument()) as never, { alphabetize: true });
  return HEADER + astToString(ast);
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
  return `${HEADER}/** Paths whose operations are public (\`security: []\`): the SDK never sends them credentials. */\nexport const PUBLIC_PATHS: readonly string[] = ${JSON.stringify(await publicPaths(), null, 2).replace(/"/g, "'")};\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = await generateSdkTypes();
  const publicSource = await publicPathsSource();
  if (process.argv.includes('--check')) {
    if (readFileSync(FILE, 'utf8') !== source || readFileSync(PUBLIC_FILE, 'utf8') !== publicSource) {
      console.error(
        "sdk/src/schema.ts is stale against the server's OpenAPI document: run `npm run sdk:types` and commit it.",
      );
      process.exit(1);
    }
    console.log('sdk/src/schema.ts is up to date');
  } else {
    writeFileSync(FILE, source);
    writeFileSync(PUBLIC_FILE, publicSource);
    console.log('wrote sdk/src/schema.ts');
  }
}
