// The operator's actions on accounts (docs/decisions.md D74): an organization's suspension,
// invitations and erasure; the server's users, disabled, enabled and erased. One hook per query;
// every write asks again for what it changed.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, body } from '../client';
import { keys } from '../keys';
import { compact, nextCursor } from './scope';

const accountKeys = keys.operator;

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

/** Lifts an organization's suspension. */
export function useUnsuspendOrganization(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.POST('/v1/operator/organizations/{id}/unsuspend', { params: { path: { id } } })),
    onSuccess: async (org) => {
      qc.setQueryData(keys.operator.organization(id), org);
      await qc.invalidateQueries({ queryKey: keys.operator.allOrganizations });
      await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
    },
  });
}

/** Erases an organization; `confirm` is its slug typed again. */
export function useEraseOrganization(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) =>
      ok(api.POST('/v1/operator/organizations/{id}/erase', { params: { path: { id } }, body: { confirm } })),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: keys.operator.organization(id) });
      await qc.invalidateQueries({ queryKey: keys.operator.allOrganizations });
      await qc.invalidateQueries({ queryKey: accountKeys.allUsers });
      await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
    },
  });
}

/** Every invitation of an organization, newest first, whatever its status. */
export function useOperatorInvitations(orgId: string) {
  return useQuery({
    queryKey: accountKeys.invitations(orgId),
    queryFn: () => body(api.GET('/v1/operator/organizations/{id}/invitations', { params: { path: { id: orgId } } })),
  });
}

/** Mails an invitation again (a new link and expiry), or revokes it. */
export function useInvitationAction(orgId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      action === 'resend'
        ? ok(api.POST('/v1/operator/invitations/{id}/resend', { params: { path: { id } } }))
        : ok(api.POST('/v1/operator/invitations/{id}/revoke', { params: { path: { id } } })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: accountKeys.invitations(orgId) });
      await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
    },
  });
}

/** The server's users, newest first, 25 a page; `q` finds by id, part of the address or name. */
export function useOperatorUsers(q: string) {
  return useInfiniteQuery({
    queryKey: accountKeys.users(q),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/operator/users', {
          params: { query: compact({ q: q || undefined, limit: 25, cursor: pageParam }) as never },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}

function useUsersChanged() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: accountKeys.allUsers });
    await qc.invalidateQueries({ queryKey: keys.operator.allAudit });
  };
}

/** Disables a user with a reason (every session of theirs ends). */
export function useDisableUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      ok(api.POST('/v1/operator/users/{id}/disable', { params: { path: { id } }, body: { reason } })),
    onSuccess: changed,
  });
}

/** Lets a disabled user sign in again. */
export function useEnableUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (id: string) => ok(api.POST('/v1/operator/users/{id}/enable', { params: { path: { id } } })),
    onSuccess: changed,
  });
}

/** Erases a user; `confirm` is their e-mail address typed again. */
export function useEraseUser() {
  const changed = useUsersChanged();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; confirm: string; delete_organizations?: string[] }) =>
      ok(api.POST('/v1/operator/users/{id}/erase', { params: { path: { id } }, body })),
    onSuccess: async () => {
      await changed();
      await qc.invalidateQueries({ queryKey: keys.operator.allOrganizations });
    },
  });
}
