import http from 'node:http';
import https from 'node:https';

export const RESPONSE_BODY_LIMIT = 64 * 1024;

export interface SendResult {
  /** null when no response came (refused, timeout, connection error) */
  status: number | null;
  /** the first 64 KB of the response body, as text */
  body: string;
  error: string | null;
  durationMs: number;
}

/**
 * POSTs `body` to `url` through `agent`, whose connections go only to the checked address
 * (webhook-agents.ts): the TLS name and Host header stay the URL's. Redirects are answers like any
 * other (a 3xx is no success), and the body is read to 64 KB at most.
 */
export function postTo(
  url: URL,
  agent: http.Agent,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; signal: AbortSignal },
): Promise<SendResult> {
  const started = performance.now();
  const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)]);
  return new Promise((resolve) => {
    const done = (r: Omit<SendResult, 'durationMs'>) =>
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () =>
          done({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null });
        response.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_BODY_LIMIT) return;
          chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
          size += Math.min(chunk.length, RESPONSE_BODY_LIMIT - size);
          // Enough read: the rest is never wanted, so the connection goes.
          if (size >= RESPONSE_BODY_LIMIT) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', () => finish());
      },
    );
    request.on('error', (err) =>
      done({
        status: null,
        body: '',
        error: signal.aborted ? `no answer within ${opts.timeoutMs} ms` : (err as Error).message,
      }),
    );
    request.end(body);
  });
}
