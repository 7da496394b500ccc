// The organization's members, and the writes with what each makes stale (invitations: invitations.ts).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api, body, ok } from '../client';
import { keys } from '../keys';
import { nextCursor, useInvalidate } from './scope';

type WsRole = 'ws_admin' | 'editor' | 'approver' | 'viewer';
type OrgRole = 'org_admin' | 'member';

/** Members of the organization, as the current workspace sees them, 50 a page. */
export function useMembers(orgId: string | null | undefined, wsId: string | null | undefined) {
  return useInfiniteQuery({
    queryKey: keys.members.list(orgId, wsId),
    initialPageParam: undefined as string | undefined,
    retry: false,
    queryFn: ({ pageParam }) =>
      body(api.GET('/v1/members', { params: { query: { limit: 50, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: nextCursor,
  });
}

/** After any change to members or invitations: both lists again, without waiting for them. */
export function useReloadMembers() {
  const invalidate = useInvalidate();
  return useCallback(() => {
    void invalidate(keys.members.all);
    void invalidate(keys.invitations.all);
  }, [invalidate]);
}

/** The member writes; each asks for the members and invitations again, without waiting for them. */
export function useMemberWrites() {
  const reload = useReloadMembers();
  return useMemo(
    () => ({
      /**
       * Invites an address; the answer holds the invitation link, shown once. Inviting the same
       * address again refreshes the open invitation (new expiry, same id).
       */
      invite: async (input: {
        email: string;
        role: OrgRole;
        workspaces: Array<{ workspace_id: string; role: WsRole }>;
      }) => {
        const created = await ok(api.POST('/v1/members', { body: input }));
        reload();
        return created;
      },
      change: async (
        userId: string,
        patch: { role?: OrgRole; workspaces?: Array<{ workspace_id: string; role: WsRole | null }> },
      ) => {
        await ok(api.PATCH('/v1/members/{user_id}', { params: { path: { user_id: userId } }, body: patch }));
        reload();
      },
      remove: async (userId: string) => {
        await ok(api.DELETE('/v1/members/{user_id}', { params: { path: { user_id: userId } } }));
        reload();
      },
      /** Erases the person (GDPR Art. 17): their e-mail, name and password are gone, their memberships end. */
      erase: async (userId: string) => {
        await ok(api.POST('/v1/members/{user_id}/erase', { params: { path: { user_id: userId } } }));
        reload();
      },
    }),
    [reload],
  );
}
