// The operator's account actions (docs/decisions.md D74); each write asks again for what it changed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { keys } from '../../keys';

export type Redirects = 'keep' | 'neutral_page';

/** Suspends an organization (or changes its terms); the answer is its detail, the lists are asked again. */
export function useSuspendOrganization(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { reason: string; redirects: Redirects }) =>
      ok(api.POST('/v1/operator/organizations/{id}/suspend', { params: { path: { id } }, body: b })),
    onSuccess: async (org) => {
      qc.setQueryData(keys.operator.organization(id), org);
      await qc.invalidateQueries({ queryKey: keys.operator.allOrganizations });
      await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
    },
  });
}
