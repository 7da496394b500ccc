import { usePermissionTable } from '../api/hooks/permissions';
import { useSession } from '../session';

export { usePermissionTable };

/**
 * Whether the session's role in the current workspace may do an action, by the server's table, so
 * a button is hidden exactly when the API would refuse it (the API still checks every call).
 */
export function useCan(action: string): boolean {
  return useCanDo()(action);
}

/** useCan for a list decided at once (the navigation): a function of the action. */
export function useCanDo(): (action: string) => boolean {
  const { me } = useSession();
  const table = usePermissionTable();
  const role = me?.current.role;
  return (action) =>
    Boolean(
      role && table.data && table.data.actions.some((a) => a.action === action && (a.roles as string[]).includes(role)),
    );
}
