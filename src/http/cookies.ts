import fp from 'fastify-plugin';
import { parse, serialize, type SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

const kCookies = Symbol('cookies');

/**
 * Cookies without a per-request hook: `request.cookies` is parsed on first access, so routes that
 * never look (the redirect hot path, API-key calls) pay nothing. `reply.setCookie` appends a
 * Set-Cookie header through the cookie library's serializer.
 */
export const cookiesPlugin = fp(
  async (app) => {
    app.decorateRequest(kCookies, null);
    app.decorateRequest('cookies', {
      getter(this: FastifyRequest) {
        const self = this as FastifyRequest & { [kCookies]: Record<string, string | undefined> | null };
        return (self[kCookies] ??= this.headers.cookie ? parse(this.headers.cookie) : {});
      },
    });
    app.decorateReply(
      'setCookie',
      function (this: FastifyReply, name: string, value: string, options: SerializeOptions = {}) {
        return this.header('set-cookie', serialize(name, value, options));
      },
    );
    app.decorateReply('clearCookie', function (this: FastifyReply, name: string, options: SerializeOptions = {}) {
      return this.header('set-cookie', serialize(name, '', { ...options, expires: new Date(0), maxAge: undefined }));
    });
  },
  { name: 'cookies' },
);
