import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { keys } from '../../keys';
import { useUsersChanged } from './use-users-changed';

/** Erases a user; `confirm` is their e-mail address typed again. */
export function useEraseUser() {
  const changed = useUsersChanged();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; confirm: string; delete_organizations?: string[] }) =>
      ok(api.POST('/v1/operator/users/{id}/erase', { params: { path: { id } }, body })),
    onSuccess: async () => {
      await changed();
      await qc.invalidateQueries({ queryKey: keys.operator.allOrganizations });
    },
  });
}
