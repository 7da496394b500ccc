// The operator's announcements (docs/decisions/0076-operator-announcements-and-limits.md): every one
// with its status, written as drafts, previewed, published, changed and withdrawn. One hook per query.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, body, ok, type Schemas } from '../client';
import { keys } from '../keys';

export type OperatorAnnouncement = Schemas['OperatorAnnouncement'];
export type AnnouncementPreview = Schemas['AnnouncementPreview'];
export interface AnnouncementDraft {
  severity: OperatorAnnouncement['severity'];
  title: string;
  body: string;
  title_de: string | null;
  body_de: string | null;
  link: string | null;
  starts_at?: string;
  ends_at: string | null;
  email_api_users: boolean;
}

const listKey = [...keys.operator.all, 'announcements'] as const;
const previewKey = (id: string) => [...keys.operator.all, 'announcement-preview', id] as const;

/** Every announcement, drafts included, newest first (the first 100). */
export function useOperatorAnnouncements() {
  return useQuery({
    queryKey: listKey,
    queryFn: () => body(api.GET('/v1/operator/announcements', { params: { query: { limit: 100 } } })),
  });
}

/** The banner and the e-mail as members would see them. */
export function useAnnouncementPreview(id: string | null) {
  return useQuery({
    queryKey: previewKey(id ?? ''),
    enabled: Boolean(id),
    queryFn: () => ok(api.GET('/v1/operator/announcements/{id}/preview', { params: { path: { id: id! } } })),
  });
}

/** After any write: the console's lists (the audit log too) and the members' banner. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.operator.all }),
      qc.invalidateQueries({ predicate: (q) => q.queryKey.includes('announcements') }),
    ]);
}

/** Writes a draft. */
export function useCreateAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (draft: AnnouncementDraft) => ok(api.POST('/v1/operator/announcements', { body: draft })),
    onSuccess: refresh,
  });
}

/** Changes a draft or a scheduled one. */
export function useUpdateAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string; draft: AnnouncementDraft }) =>
      ok(api.PATCH('/v1/operator/announcements/{id}', { params: { path: { id } }, body: draft })),
    onSuccess: refresh,
  });
}

/** Publishes a draft: live now, or scheduled for its start. */
export function usePublishAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => ok(api.POST('/v1/operator/announcements/{id}/publish', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** Ends it now for everyone. */
export function useWithdrawAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => ok(api.POST('/v1/operator/announcements/{id}/withdraw', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}
