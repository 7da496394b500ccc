import { useMutation } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useUsersChanged } from './use-users-changed';

/** Disables a user with a reason (every session of theirs ends). */
export function useDisableUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      ok(api.POST('/v1/operator/users/{id}/disable', { params: { path: { id } }, body: { reason } })),
    onSuccess: changed,
  });
}
