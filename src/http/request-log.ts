import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Pino = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/** A quiet route's request slower than this is logged anyway. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * Request logging for routes that answer at volume (the redirect: `config.accessLog: 'errors'`):
 * no "incoming request" line and a "request completed" line only for a 5xx, an error or a request
 * slower than SLOW_REQUEST_MS, unless `everything` (LOG_REDIRECTS=true). Other routes log as
 * Fastify does.
 */
export class QuietRouteLogController extends LogController {
  constructor(private everything: boolean) {
    super();
  }

  private quiet(request: FastifyRequest): boolean {
    return !this.everything && request.routeOptions?.config?.accessLog === 'errors';
  }

  incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: unknown): void {
    if (this.quiet(request)) return;
    super.incomingRequest(request, reply, metadata as Record<string, unknown>);
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: unknown) {
    if (this.quiet(request) && !error && reply.statusCode < 500 && reply.elapsedTime < SLOW_REQUEST_MS) return;
    super.requestCompleted(error, request, reply, metadata as Record<string, unknown>);
  }
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify's childLoggerFactory: the request's child logger is built on its first enabled log
 * call, not for every request. At `warn` a request that logs nothing (every redirect) pays for a
 * small object instead of a pino child (docs/scans-pipeline.md, the hot path).
 */
export function lazyChildLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  // Fastify's silent logger (logger: false) has no isLevelEnabled; its children are itself.
  if (
    opts.level !== undefined ||
    opts.serializers !== undefined ||
    typeof (logger as Pino).isLevelEnabled !== 'function'
  )
    return logger.child(bindings, opts);
  let real: FastifyBaseLogger | null = null;
  const get = () => (real ??= logger.child(bindings, opts));
  const lazy = {
    get level() {
      return real ? real.level : logger.level;
    },
    set level(value: string) {
      get().level = value;
    },
    child: (b: Bindings, o?: ChildLoggerOptions) => get().child(b, o),
    silent: () => undefined,
  } as Record<string, unknown>;
  for (const level of LEVELS) {
    lazy[level] = (...args: unknown[]) => {
      if (real === null && !(logger as Pino).isLevelEnabled(level)) return;
      (get()[level] as (...a: unknown[]) => void)(...args);
    };
  }
  return lazy as unknown as FastifyBaseLogger;
}
