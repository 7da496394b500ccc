import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { newId, isId } from '../../lib/ids.js';
import { conflict, notFound } from '../../http/errors.js';
import { paginate, type PageParams } from '../../http/pagination.js';
import { organizationIdOf } from '../organizations/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { queueMail, TEMPLATES, localeOf, type Locale } from '../../platform/mail/index.js';
import {
  apiKeyOwners,
  findAnnouncement,
  insertAnnouncement,
  markWithdrawn,
  everyAnnouncement,
  updateAnnouncement,
} from './announcements.repo.js';
import { AnnouncementInputError, checkAnnouncement, statusOf, type AnnouncementInput } from './announcements.fns.js';
import type { AnnouncementsTable } from './announcements.table.js';
import { toOperatorAnnouncement } from './announcements.schemas.js';

// Drafts, scheduling, publishing and withdrawal (docs/decisions.md D76): what the operator's console
// and `qrs announce` both call, each inside the caller's transaction so its audit entry goes with it.

/** The job that e-mails the recent API users once the announcement starts. */
export const ANNOUNCEMENT_MAIL_JOB = 'announcement.mail';
/** The policy's reach of an API change (docs/versioning.md): keys used in the last 90 days. */
const API_USER_WINDOW_MS = 90 * 86_400_000;

type Row = AnnouncementsTable;
export type AnnouncementDraft = AnnouncementInput & { email?: boolean };

export const announcementNotFound = () => notFound('Announcement');

async function rowOf(db: DB, id: string): Promise<Row> {
  const row = isId(id, 'ann') ? await findAnnouncement(db, id) : undefined;
  if (!row) throw announcementNotFound();
  return row;
}

async function targetOf(db: DB, organization: string | undefined): Promise<string | null> {
  if (organization === undefined) return null;
  const id = await organizationIdOf(db, organization);
  if (!id) throw new AnnouncementInputError([`--org ${organization} is no organization (give org_… or its slug)`]);
  return id;
}

/** A new announcement nobody sees until it is published; checked whole before it is written. */
export async function createDraft(deps: ServiceDeps, trx: DB, input: AnnouncementDraft) {
  const now = deps.clock.now();
  const checked = checkAnnouncement(input, now);
  const row: Row = {
    id: newId('ann'),
    organization_id: await targetOf(trx, input.organization),
    ...checked,
    created_at: now.toISOString(),
    published_at: null,
    email_api_users: input.email ? 1 : 0,
    updated_at: null,
    withdrawn_at: null,
  };
  await insertAnnouncement(trx, row);
  return toOperatorAnnouncement(row, now);
}

/** The fields of a row as the checker takes them, so an edit is checked like a new one. */
function inputOf(r: Row): AnnouncementDraft {
  return {
    title: r.title,
    body: r.body,
    titleDe: r.title_de ?? undefined,
    bodyDe: r.body_de ?? undefined,
    severity: r.severity,
    link: r.link ?? undefined,
    startsAt: r.starts_at,
    endsAt: r.ends_at ?? undefined,
    email: r.email_api_users === 1,
  };
}

/** Changes a draft or a scheduled one; once it is live, ended or withdrawn, a 409. */
export async function editAnnouncement(deps: ServiceDeps, trx: DB, id: string, change: AnnouncementDraft) {
  const now = deps.clock.now();
  const before = await rowOf(trx, id);
  const status = statusOf(before, now);
  if (status !== 'draft' && status !== 'scheduled')
    throw conflict(`This announcement is ${status}: only a draft or a scheduled one can be changed.`);
  const merged = { ...inputOf(before), ...change };
  const checked = checkAnnouncement(merged, now);
  const after: Row = {
    ...before,
    ...checked,
    email_api_users: merged.email ? 1 : 0,
    updated_at: now.toISOString(),
  };
  // A scheduled one keeps a start in the future; moved to the past, it starts now.
  if (after.published_at !== null && after.starts_at < after.published_at) after.starts_at = now.toISOString();
  const { id: _id, created_at: _c, ...patch } = after;
  await updateAnnouncement(trx, id, patch);
  return { before: toOperatorAnnouncement(before, now), after: toOperatorAnnouncement(after, now) };
}

/**
 * Publishes a draft: members see it from its start (now, if that is past: it is scheduled otherwise),
 * and with `email_api_users` a job mails the recent API users when it starts.
 */
export async function publishDraft(deps: ServiceDeps, trx: DB, id: string) {
  const now = deps.clock.now();
  const before = await rowOf(trx, id);
  const status = statusOf(before, now);
  if (status !== 'draft') throw conflict(`This announcement is ${status}: only a draft can be published.`);
  const at = now.toISOString();
  const starts = before.starts_at > at ? before.starts_at : at;
  if (before.ends_at !== null && before.ends_at <= starts)
    throw new AnnouncementInputError(['--ends (or --sunset) is already past: change it before publishing']);
  const after: Row = { ...before, starts_at: starts, published_at: at };
  await updateAnnouncement(trx, id, { starts_at: starts, published_at: at });
  if (after.email_api_users === 1)
    await enqueueJob(
      trx,
      { kind: ANNOUNCEMENT_MAIL_JOB, payload: { announcement_id: id }, runAt: new Date(starts), dedupeKey: id },
      now,
    );
  return { before: toOperatorAnnouncement(before, now), after: toOperatorAnnouncement(after, now) };
}

/** Ends it now for everyone; withdrawing it again changes nothing (`changed` false). */
export async function withdrawIn(deps: ServiceDeps, trx: DB, id: string) {
  const now = deps.clock.now();
  const before = await rowOf(trx, id);
  const at = now.toISOString();
  if (before.withdrawn_at === null) await markWithdrawn(trx, id, at);
  const after = { ...before, withdrawn_at: before.withdrawn_at ?? at };
  return {
    before: toOperatorAnnouncement(before, now),
    after: toOperatorAnnouncement(after, now),
    changed: before.withdrawn_at === null,
  };
}

/** Every announcement, drafts and withdrawn ones included, newest first, with its status. */
export async function allAnnouncements(deps: ServiceDeps, q: PageParams) {
  const now = deps.clock.now();
  const page = await paginate(everyAnnouncement(deps.db), { limit: q.limit, cursor: q.cursor }, 'ann');
  return { ...page, items: page.items.map((r) => toOperatorAnnouncement(r, now)) };
}

export async function findForOperator(deps: ServiceDeps, db: DB, id: string) {
  return toOperatorAnnouncement(await rowOf(db, id), deps.clock.now());
}

/** The mail in a reader's language: German only where the operator wrote German. */
function mailOf(deps: ServiceDeps, r: Row, wanted: Locale) {
  const locale: Locale = wanted === 'de' && r.title_de !== null && r.body_de !== null ? 'de' : 'en';
  const params = {
    title: locale === 'de' ? r.title_de! : r.title,
    body: locale === 'de' ? r.body_de! : r.body,
    link: r.link,
    ends_at: r.ends_at,
    dashboard_url: `${deps.config.baseUrl}/`,
  };
  return { locale, params, rendered: TEMPLATES.announcement.render(params, locale) };
}

/** The banner and the e-mail as members get them, in English and (when written) German. */
export async function previewAnnouncement(deps: ServiceDeps, id: string) {
  const r = await rowOf(deps.db, id);
  const hasDe = r.title_de !== null && r.body_de !== null;
  const mail = (locale: Locale) => {
    const { rendered } = mailOf(deps, r, locale);
    return { subject: rendered.subject, text: rendered.text };
  };
  return {
    id: r.id,
    banner: {
      en: { title: r.title, body: r.body, link: r.link },
      de: hasDe ? { title: r.title_de!, body: r.body_de!, link: r.link } : null,
    },
    mail: { en: mail('en'), de: hasDe ? mail('de') : null },
    email_api_users: r.email_api_users === 1,
  };
}

/**
 * The `announcement.mail` job: one message per owner of an API key used in the 90 days before the
 * start, in their language where the operator wrote it, queued in one transaction. A withdrawn
 * announcement mails nobody.
 */
export async function mailApiUsers(deps: ServiceDeps, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const r = isId(id, 'ann') ? await findAnnouncement(trx, id) : undefined;
    if (!r || r.published_at === null || r.withdrawn_at !== null || r.email_api_users !== 1) return;
    const since = new Date(Date.parse(r.starts_at) - API_USER_WINDOW_MS).toISOString();
    for (const user of await apiKeyOwners(trx, since, r.organization_id)) {
      const { locale, params } = mailOf(deps, r, localeOf(user.locale));
      await queueMail(trx, deps, { to: user.email, locale, template: TEMPLATES.announcement, params });
    }
  });
}
