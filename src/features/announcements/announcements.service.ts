import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { isId } from '../../lib/ids.js';
import { AppError } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { insertDismissal, operatorList, visibleQuery } from './announcements.repo.js';
import { AnnouncementInputError } from './announcements.fns.js';
import {
  announcementNotFound,
  createDraft,
  publishDraft,
  withdrawIn,
  type AnnouncementDraft,
} from './announcement-lifecycle.service.js';
import { toAnnouncement, toOperatorAnnouncement, type AnnouncementListQuery } from './announcements.schemas.js';

/**
 * `qrs announce publish`: a draft published at once, in one transaction (docs/decisions.md D76), as
 * the console's create and publish do in two. With `email`, the `announcement.mail` job mails the
 * recent API users when it starts.
 */
export async function publishAnnouncement(deps: ServiceDeps, input: AnnouncementDraft) {
  return deps.db.transaction().execute(async (trx) => {
    const draft = await createDraft(deps, trx, input);
    const { after } = await publishDraft(deps, trx, draft.id);
    return after;
  });
}

/** `qrs announce withdraw`: the banner disappears for everyone at once; running it twice changes nothing. */
export async function withdrawAnnouncement(deps: ServiceDeps, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const { after, changed } = await withdrawIn(deps, trx, id).catch((err: unknown) => {
      if (err instanceof AppError && err.type === 'not-found')
        throw new AnnouncementInputError([`announcement ${id} not found`]);
      throw err;
    });
    return { id, withdrawn_at: after.withdrawn_at!, changed };
  });
}

/** `qrs announce list [--all]`: what the operator wrote, with its status, target and withdrawal. */
export async function listForOperator(deps: ServiceDeps, all: boolean) {
  const now = deps.clock.now();
  return (await operatorList(deps.db, now.toISOString(), all)).map((r) => toOperatorAnnouncement(r, now));
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
    if (!isId(id, 'ann') || !(await visible())) throw announcementNotFound();
    await insertDismissal(trx, id, p.actorId, now);
    return toAnnouncement((await visible())!);
  });
}
