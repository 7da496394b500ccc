// The organization's people: members, the invitations it sent, and those the signed-in user received.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, body, ok } from '../client';
import { keys } from '../keys';
import { nextCursor, useInvalidate } from './scope';

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

/** The organization's open invitations; only an organization admin may list them. */
export function useInvitations(orgId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations.list(orgId),
    enabled,
    queryFn: () => ok(api.GET('/v1/invitations', { params: { query: { limit: 100 } } })),
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

/** Invitations addressed to the signed-in user. */
export function useReceivedInvitations() {
  return useQuery({ queryKey: keys.receivedInvitations, queryFn: () => ok(api.GET('/auth/invitations')) });
}

/** After accepting or declining an invitation. */
export function useInvalidateReceivedInvitations() {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate(keys.receivedInvitations), [invalidate]);
}
