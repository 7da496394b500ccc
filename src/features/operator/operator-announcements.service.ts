import type { ServiceDeps } from '../../platform/deps.js';
import { invalid } from '../../http/errors.js';
import type { PageParams } from '../../http/pagination.js';
import {
  AnnouncementInputError,
  allAnnouncements,
  createDraft,
  editAnnouncement,
  previewAnnouncement,
  publishDraft,
  withdrawIn,
  type AnnouncementDraft,
} from '../announcements/index.js';
import type { AnnouncementDraftBody, AnnouncementPatchBody } from '../announcements/index.js';
import { recordOperatorAction } from './operator.service.js';
import type { Operator } from './operator.gate.js';

// The console's announcements (docs/decisions.md D76): the announcements feature's lifecycle, each
// change recorded in the instance audit log in its transaction.

/** The CLI's option names in the checker's words, as the body's JSON pointers. */
const POINTERS: Array<[RegExp, string]> = [
  [/^--title-de\b/, '/title_de'],
  [/^--body-de\b/, '/body_de'],
  [/^the German text/, '/title_de'],
  [/^--title\b/, '/title'],
  [/^--body\b/, '/body'],
  [/^--severity\b/, '/severity'],
  [/^--link\b/, '/link'],
  [/^--starts\b/, '/starts_at'],
  [/^--ends\b/, '/ends_at'],
  [/^--org\b/, '/organization_id'],
];

const wordsOf = (problem: string) =>
  problem
    .replace(/--title-de/g, 'title_de')
    .replace(/--body-de/g, 'body_de')
    .replace(/--ends \(or --sunset\)/g, 'ends_at')
    .replace(/--starts/g, 'starts_at')
    .replace(/--org\b/g, 'organization_id')
    .replace(/ \(or a "# heading" in --file\)| \(or text in --file\)/g, '')
    .replace(/--(\w+)/g, '$1');

/** The checker's refusal as a 422 naming each field. */
async function checked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof AnnouncementInputError)) throw err;
    throw invalid(
      err.problems.map((p) => ({
        pointer: POINTERS.find(([re]) => re.test(p))?.[1] ?? '',
        detail: wordsOf(p),
        code: 'invalid',
      })),
      wordsOf(err.problems.join('; ')),
    );
  }
}

type Body = Partial<AnnouncementDraftBody> & AnnouncementPatchBody;

/** The body's fields as the checker takes them; only those given, so an edit keeps the rest. */
function draftOf(b: Body): AnnouncementDraft {
  const out: AnnouncementDraft = {};
  const set = <K extends keyof AnnouncementDraft>(k: K, v: AnnouncementDraft[K] | null | undefined, given: boolean) => {
    if (given) out[k] = v ?? undefined;
  };
  set('title', b.title, 'title' in b);
  set('body', b.body, 'body' in b);
  set('titleDe', b.title_de, 'title_de' in b);
  set('bodyDe', b.body_de, 'body_de' in b);
  set('severity', b.severity, 'severity' in b);
  set('link', b.link, 'link' in b);
  set('startsAt', b.starts_at, 'starts_at' in b);
  set('endsAt', b.ends_at, 'ends_at' in b);
  set('email', b.email_api_users, 'email_api_users' in b);
  set('organization', b.organization_id, 'organization_id' in b);
  return out;
}

type Shown = Awaited<ReturnType<typeof createDraft>>;
const AUDITED = ['status', 'severity', 'title', 'title_de', 'link', 'starts_at', 'ends_at', 'email_api_users'] as const;

/** The audited fields that differ, before and after. */
function changes(before: Shown | null, after: Shown) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of AUDITED) {
    const was = before ? (k === 'title_de' ? (before.translations.de?.title ?? null) : before[k]) : undefined;
    const now = k === 'title_de' ? (after.translations.de?.title ?? null) : after[k];
    if (was === now) continue;
    if (before) b[k] = was;
    a[k] = now;
  }
  return { before: before ? b : null, after: a };
}

const record = (
  deps: ServiceDeps,
  trx: Parameters<typeof recordOperatorAction>[0],
  who: Operator,
  action: string,
  before: Shown | null,
  after: Shown,
) =>
  recordOperatorAction(trx, who, deps.clock.now(), {
    action,
    targetType: 'announcement',
    targetId: after.id,
    ...changes(before, after),
  });

/** GET /v1/operator/announcements. */
export const announcementsForOperator = (deps: ServiceDeps, q: PageParams) => allAnnouncements(deps, q);

/** POST /v1/operator/announcements: a draft, or published at once with `publish`. */
export function createAnnouncement(deps: ServiceDeps, who: Operator, body: AnnouncementDraftBody) {
  return checked(() =>
    deps.db.transaction().execute(async (trx) => {
      const draft = await createDraft(deps, trx, draftOf(body));
      await record(deps, trx, who, 'announcement.created', null, draft);
      if (!body.publish) return draft;
      const { before, after } = await publishDraft(deps, trx, draft.id);
      await record(deps, trx, who, 'announcement.published', before, after);
      return after;
    }),
  );
}

/** PATCH /v1/operator/announcements/{id}: a draft or a scheduled one. */
export function updateAnnouncement(deps: ServiceDeps, who: Operator, id: string, body: AnnouncementPatchBody) {
  return checked(() =>
    deps.db.transaction().execute(async (trx) => {
      const { before, after } = await editAnnouncement(deps, trx, id, draftOf(body));
      await record(deps, trx, who, 'announcement.updated', before, after);
      return after;
    }),
  );
}

/** POST /v1/operator/announcements/{id}/publish. */
export function publishAnnouncementNow(deps: ServiceDeps, who: Operator, id: string) {
  return checked(() =>
    deps.db.transaction().execute(async (trx) => {
      const { before, after } = await publishDraft(deps, trx, id);
      await record(deps, trx, who, 'announcement.published', before, after);
      return after;
    }),
  );
}

/** POST /v1/operator/announcements/{id}/withdraw: again changes and records nothing. */
export function withdrawAnnouncementNow(deps: ServiceDeps, who: Operator, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const { before, after, changed } = await withdrawIn(deps, trx, id);
    if (changed) await record(deps, trx, who, 'announcement.withdrawn', before, after);
    return after;
  });
}

/** GET /v1/operator/announcements/{id}/preview. */
export const announcementPreview = (deps: ServiceDeps, id: string) => previewAnnouncement(deps, id);
