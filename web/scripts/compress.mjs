// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy of every text asset of the
// build, once, so the service sends the smallest form a browser accepts without compressing the
// same bytes on every request (@fastify/static's preCompressed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const assets = fileURLToPath(new URL('../dist/assets', import.meta.url));
const TEXT = /\.(js|css|svg|json|map|txt|html)$/;

for (const name of readdirSync(assets).filter((f) => TEXT.test(f))) {
  const raw = readFileSync(join(assets, name));
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  writeFileSync(join(assets, `${name}.br`), br);
  writeFileSync(join(assets, `${name}.gz`), gzipSync(raw, { level: 9 }));
}
