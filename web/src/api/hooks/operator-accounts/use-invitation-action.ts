import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { keys } from '../../keys';

/** Mails an invitation again (a new link and expiry), or revokes it. */
export function useInvitationAction(orgId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      action === 'resend'
        ? ok(api.POST('/v1/operator/invitations/{id}/resend', { params: { path: { id } } }))
        : ok(api.POST('/v1/operator/invitations/{id}/revoke', { params: { path: { id } } })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: keys.operator.invitations(orgId) });
      await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
    },
  });
}
