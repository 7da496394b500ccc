import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import type { DB } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { isId } from '../../lib/ids.js';
import { KINDS, readUnsubscribeToken, type Kind } from './notifications.fns.js';
import {
  actorsOf,
  findNotification,
  listQuery,
  markRead,
  preferencesOf,
  recipientsByIds,
  upsertPreference,
} from './notifications.repo.js';
import {
  toNotification,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from './notifications.schemas.js';

/** Notifications are a person's (docs/decisions.md D64): the permission table keeps API keys out, this the CLI's principals. */
function personOf(p: Principal): string {
  if (!p.userId || p.kind !== 'session') throw forbidden('Notifications belong to a person: use a dashboard session.');
  return p.userId;
}

async function withActors(db: DB, rows: Parameters<typeof toNotification>[0][]) {
  const ids = [
    ...new Set(rows.map((r) => (JSON.parse(r.data) as { actor_id?: string }).actor_id).filter((x): x is string => !!x)),
  ];
  const actors = new Map(
    (await actorsOf(db, ids)).filter((a) => !a.erased_at).map((a) => [a.id, a.name?.trim() || a.email]),
  );
  return rows.map((r) => toNotification(r, actors));
}

export async function listNotifications(deps: ServiceDeps, p: Principal, q: NotificationListQuery) {
  const userId = personOf(p);
  const page = await paginate(listQuery(deps.db, userId, q.unread), { limit: q.limit, cursor: q.cursor }, 'ntf');
  return { ...page, items: await withActors(deps.db, page.items) };
}

async function requireNotification(db: DB, userId: string, id: string) {
  const row = isId(id, 'ntf') ? await findNotification(db, userId, id) : undefined;
  if (!row) throw notFound('Notification');
  return row;
}

export async function getNotification(deps: ServiceDeps, p: Principal, id: string) {
  const row = await requireNotification(deps.db, personOf(p), id);
  return (await withActors(deps.db, [row]))[0]!;
}

/** Marking a read notification again keeps its first read_at. */
export async function readNotification(deps: ServiceDeps, p: Principal, id: string) {
  const userId = personOf(p);
  await requireNotification(deps.db, userId, id);
  await markRead(deps.db, userId, deps.clock.now().toISOString(), id);
  return getNotification(deps, p, id);
}

export async function readAllNotifications(deps: ServiceDeps, p: Principal) {
  return { marked: await markRead(deps.db, personOf(p), deps.clock.now().toISOString()) };
}

async function preferencesOfUser(db: DB, userId: string): Promise<NotificationPreferences> {
  const rows = new Map((await preferencesOf(db, [userId])).map((r) => [r.kind, r]));
  return Object.fromEntries(
    KINDS.map((k) => [k, { in_app: (rows.get(k)?.in_app ?? 1) === 1, email: (rows.get(k)?.email ?? 1) === 1 }]),
  ) as NotificationPreferences;
}

export function getPreferences(deps: ServiceDeps, p: Principal) {
  return preferencesOfUser(deps.db, personOf(p));
}

export async function setPreferences(deps: ServiceDeps, p: Principal, body: NotificationPreferencesUpdate) {
  const userId = personOf(p);
  const at = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    for (const kind of KINDS) {
      const c = body[kind];
      if (c)
        await upsertPreference(trx, {
          user_id: userId,
          kind,
          in_app: c.in_app ? 1 : 0,
          email: c.email ? 1 : 0,
          updated_at: at,
        });
    }
  });
  return preferencesOfUser(deps.db, userId);
}

/** The person and kind of an unsubscribe token, with the language of its page; null for a bad token or an erased person. */
export async function unsubscribeTarget(deps: ServiceDeps, token: string) {
  const target = readUnsubscribeToken(deps.config.secretsKey, token);
  if (!target) return null;
  const [user] = await recipientsByIds(deps.db, [target.userId]);
  return user ? { userId: user.id, kind: target.kind, locale: user.locale } : null;
}

/** RFC 8058's one click: that kind's mail off for that person, in-app notices as they were. */
export async function unsubscribe(deps: ServiceDeps, target: { userId: string; kind: Kind }) {
  const current = (await preferencesOfUser(deps.db, target.userId))[target.kind];
  await upsertPreference(deps.db, {
    user_id: target.userId,
    kind: target.kind,
    in_app: current.in_app ? 1 : 0,
    email: 0,
    updated_at: deps.clock.now().toISOString(),
  });
}
