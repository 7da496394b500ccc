import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { verifyPassword } from '../accounts/index.js';
import { languageFrom } from '../scans/index.js';
import { ANY_SHORT_CODE } from '../codes/index.js';
import type { RedirectTarget } from './redirect-cache.js';
import { decide } from './redirect.fns.js';
import { passwordPage } from './password-page.js';
import { publicRoute } from '../../http/route.js';
import { clientNetwork } from '../../lib/ip-ranges.js';

export interface PasswordRouteOptions {
  lookup(request: FastifyRequest, shortCode: string, nowMs: number): Promise<RedirectTarget | null>;
  answer(
    request: FastifyRequest,
    reply: FastifyReply,
    target: RedirectTarget | null,
    nowMs: number,
    unlocked?: boolean,
  ): void;
}

/** Tries per address and failures per code, each by window; a wrong guess costs a scrypt, so the budgets are small. */
const TRY_WINDOW_MS = 15 * 60_000;

const html = (description: string, example: string) => ({
  description,
  content: { 'text/html': { schema: Type.String(), example } },
});

/**
 * POST /r/:short_code — the password form of a protected code. A right password answers like the
 * redirect (302, the scan recorded); a wrong one the form again with 403. Tries count per address
 * and failures per code in the shared rate-limit store, so every instance sees them (docs/codes.md, "Password-protected codes").
 */
export default async function passwordRoute(app: App, opts: PasswordRouteOptions) {
  const { config, clock, rateStore } = app.deps;
  // Scoped to this plugin: nowhere else takes a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/r/:short_code',
    publicRoute(
      'the password form of a protected code, sent by whoever scanned it',
      {
        operationId: 'unlockRedirect',
        tags: ['redirect'],
        summary: 'Send the password of a protected code',
        description: `The form of the password page posts here (application/x-www-form-urlencoded). Right: 302 to the destination and the scan is recorded. Wrong: 403 and the form again. More than ${config.codePasswordTries} tries from one IP (an IPv6 address counts by its /64) within 15 minutes, or more than ${config.codePasswordFailures} wrong passwords for the code from all addresses: 429 with Retry-After, and the right password is not checked either.`,
        consumes: ['application/x-www-form-urlencoded'],
        params: Type.Object({ short_code: Type.String({ maxLength: 64 }) }),
        body: Type.Object(
          { password: Type.String({ minLength: 1, maxLength: 128, examples: ['open-sesame'] }) },
          { additionalProperties: false },
        ),
        response: {
          302: { description: 'Right password: redirect to the destination (or fallback_url); no body.', type: 'null' },
          403: html(
            'Wrong password: the form again.',
            '<!doctype html><html lang="en"><head><title>This code is protected</title></head><body>…</body></html>',
          ),
          404: html(
            'Unknown code or pending approval.',
            '<!doctype html><html lang="en"><head><title>Code not found</title></head><body>…</body></html>',
          ),
          410: html(
            'Paused, expired, deleted or rejected code.',
            '<!doctype html><html lang="en"><head><title>This code is no longer active</title></head><body>…</body></html>',
          ),
          429: html(
            'Too many tries from this IP or its /64, or too many wrong passwords for this code; Retry-After in seconds.',
            '<!doctype html><html lang="en"><head><title>This code is protected</title></head><body>…</body></html>',
          ),
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const shortCode = request.params.short_code;
      const nowMs = clock.now().getTime();
      const target = ANY_SHORT_CODE.test(shortCode) ? await opts.lookup(request, shortCode, nowMs) : null;
      // An open or dead code answers exactly like the GET (a stale form, a paused code).
      if (!target?.passwordHash || decide(target, nowMs).kind !== 'redirect')
        return opts.answer(request, reply, target, nowMs);
      const language = languageFrom(request.headers['accept-language']);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const refuse = (state: 'limited' | 'locked', resetAt: number) => {
        reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt - nowMs) / 1000))));
        return reply.code(429).send(passwordPage(state, language, shortCode, target.theme));
      };
      const tries = await rateStore.hit(`codepw:${clientNetwork(request.ip)}`, TRY_WINDOW_MS, nowMs);
      if (tries.count > config.codePasswordTries) return refuse('limited', tries.resetAt);
      // A try counts as a failure of the code before it is checked and is taken back if right, so
      // many addresses at once cannot get more checks than the limit (docs/decisions.md D60).
      const failures = await rateStore.hit(`codepw-code:${target.codeId}`, TRY_WINDOW_MS, nowMs);
      if (failures.count > config.codePasswordFailures) return refuse('locked', failures.resetAt);
      if (!(await verifyPassword(request.body.password, target.passwordHash)))
        return reply.code(403).send(passwordPage('wrong', language, shortCode, target.theme));
      await rateStore.hit(`codepw-code:${target.codeId}`, TRY_WINDOW_MS, nowMs, -1);
      return opts.answer(request, reply, target, nowMs, true);
    },
  );
}
