import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schemas } from '../client';
import { useWsKeys } from './scope';

type Announcement = Schemas['Announcement'];

/** The operator's notices (GET /v1/announcements). */
export function useAnnouncements() {
  return useQuery({
    queryKey: useWsKeys().announcements,
    queryFn: () => ok(api.GET('/v1/announcements', { params: { query: { limit: 10 } } })),
    // Notices change rarely; a page change need not ask again.
    staleTime: 5 * 60_000,
  });
}

/** Dismisses a notice on the server; `onDismiss` runs as it leaves the list. */
export function useDismissAnnouncement(onDismiss: () => void) {
  const qc = useQueryClient();
  const key = useWsKeys().announcements;
  return useMutation({
    mutationFn: (id: string) => ok(api.POST('/v1/announcements/{id}/dismiss', { params: { path: { id } } })),
    // Gone at once; should the server refuse, the next fetch brings it back.
    onMutate: (id: string) => {
      qc.setQueryData<Announcement[]>(key, (old) => old?.filter((a) => a.id !== id));
      onDismiss();
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
}
