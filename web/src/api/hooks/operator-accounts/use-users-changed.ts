import { useQueryClient } from '@tanstack/react-query';
import { keys } from '../../keys';

/** What a change to a user makes stale: the users' lists and the operator's audit. */
export function useUsersChanged() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: keys.operator.allUsers });
    await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
  };
}
