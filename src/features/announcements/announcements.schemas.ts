import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { PageQuery } from '../../http/pagination.js';
import type { AnnouncementsTable } from './announcements.table.js';
import { BODY_MAX, LINK_MAX, SEVERITIES, STATUSES, TITLE_MAX, statusOf } from './announcements.fns.js';
import { Nullable } from '../../http/nullable.js';

const Text = Type.Object({ title: Type.String(), body: Type.String() }, { title: 'AnnouncementText' });

export const Announcement = Type.Object(
  {
    id: Type.String({ examples: ['ann_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    severity: Type.Enum([...SEVERITIES], {
      description: 'info, warning, or breaking (an API change announced ahead of its sunset).',
    }),
    title: Type.String({ description: 'English title, plain text.' }),
    body: Type.String({ description: 'English text, plain text (line breaks kept).' }),
    translations: Type.Object(
      { de: Type.Optional(Text) },
      { description: 'The same notice in other languages, when the operator wrote it.' },
    ),
    link: Type.Union([Type.String(), Type.Null()], { description: 'Where to read more (a migration guide).' }),
    starts_at: Type.String(),
    ends_at: Type.Union([Type.String(), Type.Null()], {
      description: 'The sunset: the notice is listed until then. null: until the operator withdraws it.',
    }),
    created_at: Type.String(),
    dismissed_at: Type.Union([Type.String(), Type.Null()], {
      description: 'When the caller (this user, or this API key) dismissed it; null if not.',
    }),
  },
  { title: 'Announcement' },
);

export const AnnouncementListQuery = Type.Object(
  {
    ...PageQuery,
    include_dismissed: Type.Boolean({
      default: false,
      description: 'List the ones the caller dismissed too (with dismissed_at set). Default false.',
    }),
  },
  { additionalProperties: false },
);
export type AnnouncementListQuery = Static<typeof AnnouncementListQuery>;

export const OperatorAnnouncementQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type OperatorAnnouncementQuery = Static<typeof OperatorAnnouncementQuery>;

export const AnnouncementParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

type Row = Selectable<AnnouncementsTable> & { dismissed_at?: string | null };

/** Whitelists the fields a caller sees: the target organization and withdrawal stay the operator's. */
export function toAnnouncement(row: Row) {
  return {
    id: row.id,
    severity: row.severity,
    title: row.title,
    body: row.body,
    translations: row.title_de && row.body_de ? { de: { title: row.title_de, body: row.body_de } } : {},
    link: row.link,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    created_at: row.created_at,
    dismissed_at: row.dismissed_at ?? null,
  };
}

/** An announcement as the operator sees it (docs/decisions.md D76): drafts included, with its status. */
export const OperatorAnnouncement = Type.Object(
  {
    ...Type.Omit(Announcement, ['dismissed_at']).properties,
    status: Type.Enum([...STATUSES], {
      description:
        'draft (nobody sees it), scheduled (published, starts later), live (members see it), ended (past ends_at), withdrawn.',
    }),
    organization_id: Nullable(Type.String({ description: 'Only this organization sees it; null: everyone.' })),
    email_api_users: Type.Boolean({
      description: 'Whether the owners of API keys used in the last 90 days are e-mailed when it starts.',
    }),
    published_at: Nullable(Type.String()),
    updated_at: Nullable(Type.String()),
    withdrawn_at: Nullable(Type.String()),
  },
  { title: 'OperatorAnnouncement' },
);

export function toOperatorAnnouncement(row: Selectable<AnnouncementsTable>, now: Date) {
  const { dismissed_at: _d, ...shown } = toAnnouncement(row);
  return {
    ...shown,
    status: statusOf(row, now),
    organization_id: row.organization_id,
    email_api_users: row.email_api_users === 1,
    published_at: row.published_at,
    updated_at: row.updated_at,
    withdrawn_at: row.withdrawn_at,
  };
}

const draftFields = {
  severity: Type.Enum([...SEVERITIES], { description: 'Default info.' }),
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX, description: 'English title, plain text.' }),
  body: Type.String({ minLength: 1, maxLength: BODY_MAX, description: 'English text, plain text.' }),
  title_de: Nullable(Type.String({ maxLength: TITLE_MAX, description: 'German title; with body_de or not at all.' })),
  body_de: Nullable(Type.String({ maxLength: BODY_MAX, description: 'German text; with title_de or not at all.' })),
  link: Nullable(Type.String({ maxLength: LINK_MAX, description: 'An http(s) URL to read more, e.g. the CHANGELOG.' })),
  starts_at: Type.String({
    description: 'When members start to see it once published (ISO 8601); a past one means at publication.',
  }),
  ends_at: Nullable(Type.String({ description: 'The sunset (ISO 8601); null: until withdrawn.' })),
  email_api_users: Type.Boolean({
    description: 'E-mail the owners of API keys used in the last 90 days when it starts (a background job).',
  }),
};

export const AnnouncementDraftBody = Type.Object(
  {
    ...Object.fromEntries(
      Object.entries(draftFields).map(([k, v]) => [k, k === 'title' || k === 'body' ? v : Type.Optional(v)]),
    ),
    organization_id: Type.Optional(
      Type.String({ maxLength: 100, description: "Only this organization's members see it (its id or slug)." }),
    ),
    publish: Type.Optional(
      Type.Boolean({
        description: 'Publish at once (scheduled when starts_at is in the future). Default false: a draft.',
      }),
    ),
  } as {
    title: typeof draftFields.title;
    body: typeof draftFields.body;
  } & {
    [K in Exclude<keyof typeof draftFields, 'title' | 'body'>]: ReturnType<
      typeof Type.Optional<(typeof draftFields)[K]>
    >;
  } & {
    organization_id: ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>>;
    publish: ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>;
  },
  { additionalProperties: false },
);
export type AnnouncementDraftBody = Static<typeof AnnouncementDraftBody>;

export const AnnouncementPatchBody = Type.Object(
  Object.fromEntries(Object.entries(draftFields).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof typeof draftFields]: ReturnType<typeof Type.Optional<(typeof draftFields)[K]>>;
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AnnouncementPatchBody = Static<typeof AnnouncementPatchBody>;

const Rendered = Type.Object({ title: Type.String(), body: Type.String(), link: Nullable(Type.String()) });
const MailText = Type.Object({ subject: Type.String(), text: Type.String() });

export const AnnouncementPreview = Type.Object(
  {
    id: Type.String(),
    banner: Type.Object({ en: Rendered, de: Nullable(Rendered) }, { description: "The dashboard's banner." }),
    mail: Type.Object(
      { en: MailText, de: Nullable(MailText) },
      { description: 'The e-mail to API users: German for those who chose German, when German is written.' },
    ),
    email_api_users: Type.Boolean(),
  },
  { title: 'AnnouncementPreview' },
);
