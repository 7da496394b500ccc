import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, body, ok, type Schemas } from '../client';
import { keys } from '../keys';
import { nextCursor } from './scope';

export type Notification = Schemas['Notification'];
export type NotificationPreferences = Schemas['NotificationPreferences'];

/** How often the bell asks for news while the dashboard is open. */
const POLL_MS = 60_000;

/** The unread count: the total of the unread list (GET /v1/notifications?unread=true). */
export function useUnreadCount() {
  return useQuery({
    queryKey: keys.notifications.unread,
    queryFn: async () =>
      (await body(api.GET('/v1/notifications', { params: { query: { unread: true, limit: 1 } } }))).meta.pagination
        .total_count,
    refetchInterval: POLL_MS,
  });
}

/** The person's notifications, newest first, a page at a time; only while `enabled` (the list is open). */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: keys.notifications.list,
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/notifications', { params: { query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } } }),
      ),
    getNextPageParam: nextCursor,
  });
}

/** Marking read: one or all; the list and the count are asked again. */
export function useNotificationWrites() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.notifications.all });
  const read = useMutation({
    mutationFn: (id: string) => ok(api.POST('/v1/notifications/{id}/read', { params: { path: { id } } })),
    onSettled: refresh,
  });
  const readAll = useMutation({
    mutationFn: () => ok(api.POST('/v1/notifications/read-all')),
    onSettled: refresh,
  });
  return { read: read.mutateAsync, readAll: readAll.mutateAsync };
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: keys.notifications.preferences,
    queryFn: () => ok(api.GET('/v1/notifications/preferences')),
  });
}

/** Saves the preferences; the answer (every kind) becomes the cached state. */
export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return async (prefs: NotificationPreferences) => {
    const saved = await ok(api.PUT('/v1/notifications/preferences', { body: prefs }));
    qc.setQueryData(keys.notifications.preferences, saved);
    return saved;
  };
}
