import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { PageQuery } from '../../http/pagination.js';
import { Count } from '../../http/numbers.js';
import { Nullable } from '../../http/nullable.js';
import type { NotificationsTable } from './notifications.table.js';
import { KINDS, linkOf, type Kind, type NotificationData } from './notifications.fns.js';

const KIND_TEXT =
  '`approval_requested` (a code of a workspace you may approve in waits for approval), `code_approved` and `code_rejected` (your code was reviewed), `code_commented` (a comment on your code), `mentioned` (a comment names you with `@` and your address or name), `invitation_accepted` (someone you invited joined), `export_ready` (your data export can be downloaded), `usage_threshold` (your organization reached 80 % or 100 % of a plan limit; org admins), `gs1_prefix_verified` and `gs1_prefix_rejected` (an operator verified or rejected a GS1 company prefix your organization claimed, with the reason; org admins).';

export const Notification = Type.Object(
  {
    id: Type.String({ examples: ['ntf_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    kind: Type.Enum([...KINDS], { description: KIND_TEXT }),
    organization_id: Type.String(),
    workspace_id: Nullable(
      Type.String({ description: 'The workspace of the code it is about; null for the organization.' }),
    ),
    actor: Nullable(
      Type.Object(
        {
          id: Type.String({ description: 'usr_…' }),
          name: Type.String({ description: "The person's name, or their address when they gave no name." }),
        },
        { description: 'Who caused it; null for the system or a person since erased.' },
      ),
    ),
    data: Type.Object(
      {
        code_id: Type.Optional(Type.String()),
        code_title: Type.Optional(Nullable(Type.String())),
        reason: Type.Optional(
          Type.String({ description: 'code_rejected: the reviewer’s reason; gs1_prefix_rejected: the operator’s.' }),
        ),
        comment_id: Type.Optional(Type.String()),
        excerpt: Type.Optional(Type.String({ description: 'The comment’s first 200 characters.' })),
        export_id: Type.Optional(Type.String()),
        organization_name: Type.Optional(Type.String()),
        meter: Type.Optional(Type.Enum(['scans', 'dynamic_codes'])),
        threshold: Type.Optional(Count()),
        used: Type.Optional(Count()),
        limit: Type.Optional(Count()),
        period: Type.Optional(Type.String({ description: 'YYYY-MM' })),
        prefix: Type.Optional(Type.String({ description: 'gs1_prefix_…: the GS1 company prefix.' })),
        prefix_id: Type.Optional(Type.String({ description: 'gs1_prefix_…: the claim’s gcp_… id.' })),
      },
      { description: 'What it is about; the members present depend on `kind`.' },
    ),
    link: Type.String({ description: 'The dashboard path it leads to, e.g. `/codes/qr_…`.' }),
    created_at: Type.String(),
    read_at: Nullable(Type.String()),
  },
  { title: 'Notification' },
);
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object(
  {
    ...PageQuery,
    unread: Type.Boolean({
      default: false,
      description: 'Only unread ones; `meta.pagination.total_count` is then the unread count (the bell).',
    }),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const MarkedRead = Type.Object(
  { marked: Count({ description: 'How many unread notifications were marked read.' }) },
  { title: 'MarkedRead' },
);

const Channels = Type.Object(
  {
    in_app: Type.Boolean({ description: 'Listed in the dashboard (the bell).' }),
    email: Type.Boolean({ description: 'E-mailed, in the language of the account.' }),
  },
  { additionalProperties: false, title: 'NotificationChannels' },
);

export const NotificationPreferences = Type.Object(
  Object.fromEntries(KINDS.map((k) => [k, Channels])) as Record<Kind, typeof Channels>,
  { title: 'NotificationPreferences', additionalProperties: false },
);
export type NotificationPreferences = Static<typeof NotificationPreferences>;

export const NotificationPreferencesUpdate = Type.Object(
  Object.fromEntries(KINDS.map((k) => [k, Type.Optional(Channels)])) as Record<
    Kind,
    ReturnType<typeof Type.Optional<typeof Channels>>
  >,
  {
    title: 'NotificationPreferencesUpdate',
    additionalProperties: false,
    description: 'The kinds to set, each with both channels; kinds not named keep their setting.',
  },
);
export type NotificationPreferencesUpdate = Static<typeof NotificationPreferencesUpdate>;

export const UnsubscribeQuery = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the mail’s List-Unsubscribe link.' }),
  },
  { additionalProperties: false },
);

/** Whitelists what a person sees of a notice; `actors` maps usr_… to a display name (absent when erased). */
export function toNotification(row: Selectable<NotificationsTable>, actors: Map<string, string>): Notification {
  const { actor_id, ...data } = JSON.parse(row.data) as NotificationData;
  const name = actor_id ? actors.get(actor_id) : undefined;
  return {
    id: row.id,
    kind: row.kind as Kind,
    organization_id: row.organization_id,
    workspace_id: row.workspace_id,
    actor: actor_id && name ? { id: actor_id, name } : null,
    data,
    link: linkOf(row.kind as Kind, data),
    created_at: row.created_at,
    read_at: row.read_at,
  };
}
