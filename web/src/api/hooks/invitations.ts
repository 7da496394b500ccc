// Invitations: those the organization sent, those the signed-in user received, and the writes on
// them with what each makes stale.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok } from '../client';
import { keys } from '../keys';
import { useReloadMembers } from './members';
import { useInvalidate } from './scope';

/** The organization's open invitations; only an organization admin may list them. */
export function useInvitations(orgId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations.list(orgId),
    enabled,
    queryFn: () => ok(api.GET('/v1/invitations', { params: { query: { limit: 100 } } })),
  });
}

/**
 * What an invitation link offers, with or without a session; null for a token that names no
 * invitation (a 404: a mistyped or forged link).
 */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: keys.invitationPreview(token),
    enabled: token !== '',
    retry: false,
    queryFn: async () => {
      const res = await api.GET('/auth/invitations/preview', { params: { query: { token } } });
      return res.response.status === 404 ? null : ok(res);
    },
  });
}

/** Invitations addressed to the signed-in user. */
export function useReceivedInvitations() {
  return useQuery({ queryKey: keys.receivedInvitations, queryFn: () => ok(api.GET('/auth/invitations')) });
}

/** The invitation writes; each resolves once what it changed is asked for again (revoke: without waiting). */
export function useInvitationWrites() {
  const invalidate = useInvalidate();
  const reloadMembers = useReloadMembers();
  return useMemo(() => {
    const received = () => invalidate(keys.receivedInvitations);
    return {
      /** An organization admin withdraws an open invitation. */
      revoke: async (id: string) => {
        await ok(api.DELETE('/v1/invitations/{id}', { params: { path: { id } } }));
        reloadMembers();
      },
      /** Accepting needs the e-mailed link's secret, so knowing the invited address is not enough (D14). */
      accept: async (token: string) => {
        const accepted = await ok(api.POST('/auth/invitations/accept', { body: { token } }));
        await received();
        return accepted;
      },
      decline: async (id: string) => {
        await ok(api.POST('/auth/invitations/{id}/decline', { params: { path: { id } } }));
        await received();
      },
    };
  }, [invalidate, reloadMembers]);
}
