// The fetch core: retries with exponential backoff and full jitter on 429 (honouring Retry-After),
// 503 and network errors. Uses only the fetch API, so it runs in Node 20+, browsers, Deno and Bun.
import { QrsTimeoutError } from './errors.js';

export interface RetryOptions {
  /** Attempts after the first one (default 3). */
  retries?: number | undefined;
  /** First backoff in ms (default 250); doubles each attempt, full jitter. */
  baseDelayMs?: number | undefined;
  /** Longest wait in ms, Retry-After included (default 30 000). */
  maxDelayMs?: number | undefined;
  /**
   * Called before each retry with what went wrong and how long the SDK will wait, so retries are
   * not silent (e.g. log "429, retrying in 1.2 s").
   */
  onRetry?: ((info: RetryInfo) => void) | undefined;
}

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** What went wrong, for a log line: `429 Too Many Requests`, `network error: fetch failed`. */
  reason: string;
  /** The status that caused the retry, or undefined after a network error. */
  status: number | undefined;
  /** The network error, when there was no response. */
  error: unknown;
  delayMs: number;
  method: string;
  url: string;
}

/** Waits, unless the call is aborted (its signal or its timeout) first. */
const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** A timeout's abort names the request it stopped; any other error passes unchanged. */
function named(err: unknown, request: Request): unknown {
  return err instanceof QrsTimeoutError ? new QrsTimeoutError(err.timeout, request) : err;
}

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
    try {
      return await attempts(request);
    } catch (err) {
      throw named(err, request);
    }
  };
  async function attempts(request: Request): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      // A body can be read once: every attempt sends a fresh copy (with the same Idempotency-Key).
      const copy = attempt < retries ? request.clone() : request;
      let response: Response | undefined;
      let error: unknown;
      try {
        response = await base(copy);
      } catch (err) {
        if (attempt >= retries || request.signal?.aborted) throw err;
        error = err;
      }
      if (response && ((response.status !== 429 && response.status !== 503) || attempt >= retries)) return response;
      const backoff = Math.random() * Math.min(maxDelay, baseDelay * 2 ** attempt);
      const told = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      if (response) await response.body?.cancel().catch(() => undefined);
      const delayMs = Math.min(maxDelay, told !== undefined ? told + backoff / 4 : backoff);
      const reason = response
        ? `${response.status} ${response.statusText}`.trim()
        : `network error: ${error instanceof Error ? error.message : String(error)}`;
      opts.onRetry?.({
        attempt: attempt + 1,
        reason,
        status: response?.status,
        error,
        delayMs,
        method: request.method,
        url: request.url,
      });
      await sleep(delayMs, request.signal);
    }
  }
}

/** A random UUID (v4) without Node's crypto module: Web Crypto is in every runtime we support. */
export function uuid(): string {
  return globalThis.crypto.randomUUID();
}

/** Options of one call, the last argument of every SDK method. */
export interface CallOptions {
  /**
   * Milliseconds the call may take, retries and the waits between them included; then it rejects
   * with a `QrsTimeoutError`. For a list, each page; for a stream, until the answer starts.
   */
  timeout?: number | undefined;
  /** Aborts the call and its retries; it then rejects with the signal's reason (an `AbortError`). */
  signal?: AbortSignal | undefined;
}

/** Runs `run` with one signal that aborts on the caller's signal or at the timeout. */
export function withCallOptions<T>(
  { timeout, signal }: CallOptions,
  run: (init: { signal?: AbortSignal }) => Promise<T>,
): Promise<T> {
  if (timeout === undefined) return run(signal ? { signal } : {});
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal!.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new QrsTimeoutError(timeout)), timeout);
  return run({ signal: controller.signal }).finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  });
}
