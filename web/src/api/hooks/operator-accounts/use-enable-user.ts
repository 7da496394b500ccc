import { useMutation } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useUsersChanged } from './use-users-changed';

/** Lets a disabled user sign in again. */
export function useEnableUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (id: string) => ok(api.POST('/v1/operator/users/{id}/enable', { params: { path: { id } } })),
    onSuccess: changed,
  });
}
