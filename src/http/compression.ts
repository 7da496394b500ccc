// Response compression for everything the service generates (API JSON, problem documents, SVG,
// CSV, the docs pages). The dashboard's hashed assets are compressed once at build time
// (web/scripts/compress.mjs) and served as .br/.gz files, which this plugin leaves alone because
// they already carry Content-Encoding.
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Bodies smaller than this gain less than the headers and the CPU cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Quality 4 compresses JSON about as well as gzip -9 at a fraction of brotli's default (11)
      // cost, which would hold the event loop for tens of milliseconds on a large page.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      // Compressed request bodies would let a small upload expand past BODY_LIMIT_BYTES.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
