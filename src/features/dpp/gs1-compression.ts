// Compressed GS1 Digital Link URIs (the GS1 Digital Link compression standard; conformant
// resolvers 1.0 and 1.1 SHALL decompress them, 1.2 MAY). The algorithm is GS1's own, from the GS1 Digital Link toolkit that
// digital-link.js ships; we only bound the input and check that the result is one of our keys.
import { createRequire } from 'node:module';

interface Compression {
  compressWebUri(uri: string, useOptimisations?: boolean, compressOtherKeyValuePairs?: boolean): string;
  decompressWebUri(uri: string, useShortText?: boolean): string;
}
const compression = createRequire(import.meta.url)('digital-link.js/src/compression.js') as Compression;

/**
 * A compressed path segment: base64url, at least long enough for a GTIN (56 bits), and bounded so
 * a long address never reaches the decoder (a GTIN with lot, serial and a few attributes fits).
 */
const COMPRESSED_SEGMENT = /^\/([A-Za-z0-9_-]{10,200})$/;

/** The uncompressed `/01/…` path and query of a compressed Digital Link path, or undefined when it is none. */
export function decompressPath(path: string): string | undefined {
  const m = COMPRESSED_SEGMENT.exec(path);
  if (!m) return undefined;
  let uri: string;
  try {
    uri = compression.decompressWebUri(`https://x.invalid/${m[1]}`);
  } catch {
    return undefined;
  }
  const url = new URL(uri);
  return url.pathname.startsWith('/01/') ? `${url.pathname}${url.search}` : undefined;
}

/** The compressed form of an uncompressed Digital Link URI (GS1's algorithm, with its optimisations). */
export function compressDigitalLink(uri: string): string {
  return compression.compressWebUri(uri);
}
