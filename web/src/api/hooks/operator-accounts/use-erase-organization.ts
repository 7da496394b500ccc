import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { keys } from '../../keys';

/** Erases an organization; `confirm` is its slug typed again. */
export function useEraseOrganization(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) =>
      ok(api.POST('/v1/operator/organizations/{id}/erase', { params: { path: { id } }, body: { confirm } })),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: keys.operator.organization(id) });
      await qc.invalidateQueries({ queryKey: keys.operator.allOrganizations });
      await qc.invalidateQueries({ queryKey: keys.operator.allUsers });
      await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
    },
  });
}
