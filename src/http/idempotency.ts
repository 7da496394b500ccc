import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, conflict } from './errors.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { sha256Hex } from '../lib/tokens.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { prependHooks } from './route-hooks.js';
import { hadSecrets, redactSecrets, secretKeys } from './secrets.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TTL_MS = 24 * 60 * 60 * 1000;

/** A kept body with its secrets replaced (docs/security.md, "Secrets"); unparsable bodies are kept as sent. */
function keptBody(payload: string, keys: ReadonlySet<string>): string {
  if (keys.size === 0) return payload;
  try {
    const value = JSON.parse(payload) as unknown;
    return redactSecrets(value, keys) > 0 ? JSON.stringify(value) : payload;
  } catch {
    return payload;
  }
}

function replayedSecrets(body: string | null, keys: ReadonlySet<string>): { id?: unknown } | null {
  if (keys.size === 0 || !body) return null;
  try {
    const value = JSON.parse(body) as { data?: { id?: unknown } };
    return hadSecrets(value, keys) ? { id: value.data?.id } : null;
  } catch {
    return null;
  }
}

/**
 * docs/decisions.md D9. The first request inserts an in-flight row; the primary key (scope, key) makes a concurrent
 * twin fail its insert, so exactly one executes. The response is stored when it is sent; 5xx rows
 * are dropped so the client may retry. Secrets are never stored: a repeat of a request whose
 * answer held one is a 409 secret-not-replayable (the secret was shown once).
 */
export const idempotencyPlugin = fp(
  async (app) => {
    const { db, clock } = app.deps;
    app.decorateRequest('idempotency', null);

    const preHandlerFor = (keys: ReadonlySet<string>) => async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers['idempotency-key'];
      if (key === undefined) return;
      if (typeof key !== 'string' || !UUID.test(key)) {
        throw badRequest('Idempotency-Key must be a UUID.', [
          { pointer: '/headers/idempotency-key', detail: 'must be a UUID', code: 'format' },
        ]);
      }
      const scope = request.principal?.actorId ?? `ip:${request.ip}`;
      const path = request.url.split('?')[0];
      const hash = sha256Hex(`${request.method} ${request.url}\n${canonicalJson(request.body)}`);
      const now = clock.now();
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          await db
            .insertInto('idempotency_keys')
            .values({ scope, key, request_hash: hash, created_at: now.toISOString() })
            .execute();
          request.idempotency = { scope, key };
          return;
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
        }
        const row = await db
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('scope', '=', scope)
          .where('key', '=', key)
          .executeTakeFirst();
        if (!row) continue;
        if (Date.parse(row.created_at) + TTL_MS <= now.getTime()) {
          await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
          continue;
        }
        if (row.request_hash !== hash)
          throw conflict(`Idempotency-Key was already used with a different request (${path} or body differs).`);
        if (row.status_code === null) throw conflict('A request with this Idempotency-Key is still in progress.');
        const secret = replayedSecrets(row.body, keys);
        if (secret) {
          throw new AppError(
            'secret-not-replayable',
            'This request already succeeded, and its answer held a secret that is shown only once and never stored. Look the resource up instead, or send a new Idempotency-Key to create another.',
            {
              original_status: row.status_code,
              ...(typeof secret.id === 'string' ? { resource_id: secret.id } : {}),
            },
          );
        }
        const replayedId = /"request_id":"(req_[0-9A-Z]+)"/.exec(row.body ?? '')?.[1];
        if (replayedId) reply.header('x-request-id', replayedId);
        return reply
          .code(row.status_code)
          .header('idempotent-replayed', 'true')
          .type(row.content_type ?? 'application/json')
          .send(row.body);
      }
      throw new AppError('internal', 'Could not record the Idempotency-Key.');
    };

    const onSendFor =
      (keys: ReadonlySet<string>) => async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const idem = request.idempotency;
        if (!idem) return payload;
        request.idempotency = null;
        const where = db.updateTable('idempotency_keys').where('scope', '=', idem.scope).where('key', '=', idem.key);
        if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
          await db.deleteFrom('idempotency_keys').where('scope', '=', idem.scope).where('key', '=', idem.key).execute();
        } else {
          await where
            .set({
              status_code: reply.statusCode,
              content_type: String(reply.getHeader('content-type') ?? 'application/json'),
              body: keptBody(payload.toString(), keys),
            })
            .execute();
        }
        return payload;
      };

    // A request that ends without a response (aborted) must not leave its key in flight forever.
    const onResponse = async (request: FastifyRequest) => {
      const idem = request.idempotency;
      if (idem)
        await db.deleteFrom('idempotency_keys').where('scope', '=', idem.scope).where('key', '=', idem.key).execute();
    };

    // Only POST routes get these hooks (docs/decisions.md D9), so GET hot paths such as the redirect pay nothing.
    app.addHook('onRoute', (route) => {
      if (![route.method].flat().includes('POST')) return;
      const keys = secretKeys(route.schema?.response);
      prependHooks(route, 'preHandler', preHandlerFor(keys));
      prependHooks(route, 'onSend', onSendFor(keys));
      prependHooks(route, 'onResponse', onResponse);
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
