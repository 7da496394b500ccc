import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { PageQuery } from '../../http/pagination.js';
import type { AnnouncementsTable } from './announcements.table.js';
import { SEVERITIES } from './announcements.fns.js';

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
