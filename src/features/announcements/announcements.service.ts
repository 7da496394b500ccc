import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { newId, isId } from '../../lib/ids.js';
import { notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { organizationIdOf } from '../organizations/index.js';
import { queueMail, TEMPLATES, localeOf } from '../mail/index.js';
import {
  apiKeyOwners,
  findAnnouncement,
  insertAnnouncement,
  insertDismissal,
  markWithdrawn,
  operatorList,
  visibleQuery,
} from './announcements.repo.js';
import { AnnouncementInputError, checkAnnouncement, type AnnouncementInput } from './announcements.fns.js';
import { toAnnouncement, type AnnouncementListQuery } from './announcements.schemas.js';

/** The policy's reach of an API change (docs/versioning.md): keys used in the last 90 days. */
const API_USER_WINDOW_MS = 90 * 86_400_000;

/**
 * `qrs announce publish`: checks everything first, then writes the notice and, with `email`, queues
 * one message per API-key owner in the same transaction, so the banner and the e-mails go out
 * together or not at all (docs/decisions.md D22).
 */
export async function publishAnnouncement(deps: ServiceDeps, input: AnnouncementInput & { email?: boolean }) {
  const now = deps.clock.now();
  const checked = checkAnnouncement(input, now);
  return deps.db.transaction().execute(async (trx) => {
    let organizationId: string | null = null;
    if (input.organization !== undefined) {
      organizationId = (await organizationIdOf(trx, input.organization)) ?? null;
      if (!organizationId)
        throw new AnnouncementInputError([`--org ${input.organization} is no organization (give org_… or its slug)`]);
    }
    const row = {
      id: newId('ann'),
      organization_id: organizationId,
      ...checked,
      created_at: now.toISOString(),
      withdrawn_at: null,
    };
    await insertAnnouncement(trx, row);
    const emailed: string[] = [];
    if (input.email) {
      const since = new Date(now.getTime() - API_USER_WINDOW_MS).toISOString();
      for (const user of await apiKeyOwners(trx, since, organizationId)) {
        // German only where the operator wrote German; otherwise everyone reads the English text.
        const locale = localeOf(user.locale) === 'de' && row.title_de ? 'de' : 'en';
        await queueMail(trx, deps, {
          to: user.email,
          locale,
          template: TEMPLATES.announcement,
          params: {
            title: locale === 'de' ? row.title_de! : row.title,
            body: locale === 'de' ? row.body_de! : row.body,
            link: row.link,
            ends_at: row.ends_at,
            dashboard_url: `${deps.config.baseUrl}/`,
          },
        });
        emailed.push(user.id);
      }
    }
    return { ...toAnnouncement(row), organization_id: organizationId, emailed_users: emailed.length };
  });
}

/** `qrs announce withdraw`: the banner disappears for everyone at once; running it twice changes nothing. */
export async function withdrawAnnouncement(deps: ServiceDeps, id: string) {
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = isId(id, 'ann') ? await findAnnouncement(trx, id) : undefined;
    if (!row) throw new AnnouncementInputError([`announcement ${id} not found`]);
    await markWithdrawn(trx, id, now);
    return { id, withdrawn_at: row.withdrawn_at ?? now, changed: row.withdrawn_at === null };
  });
}

/** `qrs announce list [--all]`: what the operator published, with its target and withdrawal. */
export async function listForOperator(deps: ServiceDeps, all: boolean) {
  const rows = await operatorList(deps.db, deps.clock.now().toISOString(), all);
  return rows.map((r) => ({ ...toAnnouncement(r), organization_id: r.organization_id, withdrawn_at: r.withdrawn_at }));
}

/** GET /v1/announcements: current notices for the caller, without the ones it dismissed unless asked. */
export async function listAnnouncements(deps: ServiceDeps, p: Principal, q: AnnouncementListQuery) {
  let base = visibleQuery(deps.db, p, deps.clock.now().toISOString());
  if (!q.include_dismissed) base = base.where('d.dismissed_at', 'is', null);
  const page = await paginate(base, { limit: q.limit, cursor: q.cursor }, 'ann', 'a.id');
  return { ...page, items: page.items.map(toAnnouncement) };
}

/**
 * POST /v1/announcements/:id/dismiss: remembered per caller (the user across sessions and devices,
 * or the API key). Only a notice the caller can see now can be dismissed; anything else is a 404.
 */
export async function dismissAnnouncement(deps: ServiceDeps, p: Principal, id: string) {
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const visible = () => visibleQuery(trx, p, now).where('a.id', '=', id).executeTakeFirst();
    if (!isId(id, 'ann') || !(await visible())) throw notFound('Announcement');
    await insertDismissal(trx, id, p.actorId, now);
    return toAnnouncement((await visible())!);
  });
}
