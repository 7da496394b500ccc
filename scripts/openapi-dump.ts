// Writes the live OpenAPI document of the service (built against in-memory SQLite) to a file:
// `tsx scripts/openapi-dump.ts <out.json>`, for generators and tools that want it as a file.
import { writeFileSync } from 'node:fs';
import { liveOpenApiDocument } from './openapi-live.js';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx scripts/openapi-dump.ts <out.json>');
writeFileSync(out, JSON.stringify(await liveOpenApiDocument(), null, 2) + '\n');
