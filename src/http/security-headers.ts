import fp from 'fastify-plugin';

/**
 * Security headers for documents a browser renders (docs/security.md, "Security headers"): every
 * text/html (and SVG) response gets a Content-Security-Policy, unless its route set a stricter one
 * of its own, plus Referrer-Policy and X-Frame-Options; every response gets nosniff. One hook, so
 * pages added later (error pages for browsers, the dashboard) are covered without knowing it.
 *
 * Scripts only from our own origin, never inline; styles may be inline (the server-rendered pages
 * carry a small <style>), which cannot run code. No framing by anyone.
 */
export const DEFAULT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const DOCUMENT = /^(text\/html|image\/svg\+xml)\b/;

export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-content-type-options', 'nosniff');
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && DOCUMENT.test(type)) {
        if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', DEFAULT_CSP);
        if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
        reply.header('x-frame-options', 'DENY');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
