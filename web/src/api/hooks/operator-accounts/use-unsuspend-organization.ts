import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { keys } from '../../keys';

/** Lifts an organization's suspension. */
export function useUnsuspendOrganization(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.POST('/v1/operator/organizations/{id}/unsuspend', { params: { path: { id } } })),
    onSuccess: async (org) => {
      qc.setQueryData(keys.operator.organization(id), org);
      await qc.invalidateQueries({ queryKey: keys.operator.allOrganizations });
      await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
    },
  });
}
