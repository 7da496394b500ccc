import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { newId } from '../../lib/ids.js';
import { localeOf, queueMail, TEMPLATES } from '../../platform/mail/index.js';
import { linkOf, unsubscribeToken, type Kind, type NotificationData } from './notifications.fns.js';
import { notificationMail } from './notification-mail.js';
import { insertNotifications, preferencesOf, recipientsByIds } from './notifications.repo.js';

export interface Notice {
  kind: Kind;
  organizationId: string;
  workspaceId: string | null;
  data: NotificationData;
}

/** Both channels on unless the person turned one off (docs/decisions.md D64). */
export async function channelsOf(db: DB, userIds: string[], kind: Kind) {
  const rows = (await preferencesOf(db, userIds)).filter((r) => r.kind === kind);
  const off = new Map(rows.map((r) => [r.user_id, r]));
  return (userId: string) => ({
    inApp: (off.get(userId)?.in_app ?? 1) === 1,
    email: (off.get(userId)?.email ?? 1) === 1,
  });
}

/**
 * The one way a notice reaches people, inside the transaction of the change that causes it: an
 * in-app row and a queued mail per recipient, each as their preferences allow, so a rolled-back
 * change tells nobody. `except` is whoever caused it: nobody is told of their own doing.
 */
export async function deliver(
  trx: DB,
  deps: ServiceDeps,
  userIds: Array<string | null | undefined>,
  notice: Notice,
  except: string | null,
): Promise<void> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id && id !== except))];
  const people = await recipientsByIds(trx, ids);
  if (people.length === 0) return;
  const channels = await channelsOf(
    trx,
    people.map((p) => p.id),
    notice.kind,
  );
  const now = deps.clock.now().toISOString();
  const rows = people
    .filter((p) => channels(p.id).inApp)
    .map((p) => ({
      id: newId('ntf'),
      user_id: p.id,
      organization_id: notice.organizationId,
      workspace_id: notice.workspaceId,
      kind: notice.kind,
      data: JSON.stringify(notice.data),
      created_at: now,
      read_at: null,
    }));
  await insertNotifications(trx, rows);
  const mailed = people.filter((p) => channels(p.id).email);
  if (mailed.length === 0) return;
  const actor = notice.data.actor_id ? (await recipientsByIds(trx, [notice.data.actor_id]))[0] : undefined;
  const base = deps.config.baseUrl;
  for (const p of mailed) {
    const unsubscribeUrl = `${base}/unsubscribe?token=${unsubscribeToken(deps.config.secretsKey, p.id, notice.kind)}`;
    const common = { to: p.email, locale: localeOf(p.locale), unsubscribeUrl };
    const url = `${base}${linkOf(notice.kind, notice.data)}`;
    if (notice.kind === 'usage_threshold') {
      const d = notice.data;
      await queueMail(trx, deps, {
        ...common,
        template: TEMPLATES.usageThreshold,
        params: {
          organization: d.organization_name ?? '',
          meter: d.meter ?? 'scans',
          threshold: d.threshold ?? 0,
          used: d.used ?? 0,
          limit: d.limit ?? 0,
          period: d.period ?? '',
          url,
        },
      });
      continue;
    }
    if (notice.kind === 'gs1_prefix_verified' || notice.kind === 'gs1_prefix_rejected') {
      const d = notice.data;
      await queueMail(trx, deps, {
        ...common,
        template: TEMPLATES.gs1PrefixDecided,
        params: {
          organization: d.organization_name ?? '',
          prefix: d.prefix ?? '',
          decision: notice.kind === 'gs1_prefix_verified' ? 'verified' : 'rejected',
          reason: d.reason ?? null,
          url,
        },
      });
      continue;
    }
    await queueMail(trx, deps, {
      ...common,
      template: notificationMail,
      params: {
        kind: notice.kind,
        data: notice.data,
        actor: actor ? actor.name?.trim() || actor.email : null,
        url,
        unsubscribeUrl,
        settingsUrl: `${base}/account#notifications`,
      },
    });
  }
}
