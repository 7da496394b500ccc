import { useQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { keys } from '../../keys';

/** Every invitation of an organization, newest first, whatever its status. */
export function useOperatorInvitations(orgId: string) {
  return useQuery({
    queryKey: keys.operator.invitations(orgId),
    queryFn: () => body(api.GET('/v1/operator/organizations/{id}/invitations', { params: { path: { id: orgId } } })),
  });
}
