// The fetch core: retries with exponential backoff and full jitter on 429 (honouring Retry-After),
// 503 and network errors. Uses only the fetch API, so it runs in Node 20+, browsers, Deno and Bun.

export interface RetryOptions {
  /** Attempts after the first one (default 3). */
  retries?: number;
  /** First backoff in ms (default 250); doubles each attempt, full jitter. */
  baseDelayMs?: number;
  /** Longest wait in ms, Retry-After included (default 30 000). */
  maxDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as RFC 9110 allows. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function retryingFetch(
  base: (input: Request) => Promise<Response>,
  opts: RetryOptions = {},
): (input: Request) => Promise<Response> {
  const retries = opts.retries ?? 3;
  const baseDelay = opts.baseDelayMs ?? 250;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  return async (request: Request) => {
    for (let attempt = 0; ; attempt++) {
      // A body can be read once: every attempt sends a fresh copy (with the same Idempotency-Key).
      const copy = attempt < retries ? request.clone() : request;
      let response: Response | undefined;
      try {
        response = await base(copy);
      } catch (err) {
        if (attempt >= retries || request.signal?.aborted) throw err;
      }
      if (response && ((response.status !== 429 && response.status !== 503) || attempt >= retries)) return response;
      const backoff = Math.random() * Math.min(maxDelay, baseDelay * 2 ** attempt);
      const told = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      if (response) await response.body?.cancel().catch(() => undefined);
      await sleep(Math.min(maxDelay, told !== undefined ? told + backoff / 4 : backoff));
    }
  };
}

/** A random UUID (v4) without Node's crypto module: Web Crypto is in every runtime we support. */
export function uuid(): string {
  return globalThis.crypto.randomUUID();
}
