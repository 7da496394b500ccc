import type { FastifyServerOptions } from 'fastify';

/**
 * Tokens never reach the logs (docs/security.md, "Secrets"): credentials in headers and any
 * secret-named member of a logged object are censored by pino, and query parameters that carry a
 * token are cut out of every logged URL.
 */
const SECRET_NAMES = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-csrf-token',
  'token',
  'api_key',
  'password',
  'initial_password',
  'csrf_token',
  'new_password',
  'current_password',
];
const member = (n: string) => (/^[a-z_]+$/.test(n) ? `.${n}` : `["${n}"]`);
export const REDACT_PATHS = ['req.headers', 'res.headers', 'headers', '*', '*.*'].flatMap((prefix) =>
  SECRET_NAMES.map((n) => prefix + member(n)),
);
const TOKEN_PARAMS = /([?&](?:token|access_token|api_key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.includes('=') ? url.replace(TOKEN_PARAMS, '$1[redacted]') : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

const serializers = {
  // Fastify's own request serializer, with the URL redacted.
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      version: req.headers?.['accept-version'],
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};

/** The logger options with redaction added; `false` (no logging) stays false. */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = typeof logger === 'object' ? (logger as Record<string, unknown>) : {};
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...(base.serializers as object | undefined), ...serializers },
  } as FastifyServerOptions['logger'];
}
