// The operator's GS1 prefix queue (docs/decisions/0075-gs1-prefix-verification.md): the claims of a
// status, oldest submission first, and the two decisions. One hook per query.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, body, ok, type Schemas } from '../client';
import { keys } from '../keys';
import { nextCursor } from './scope';

export type Gs1Claim = Schemas['OperatorGs1PrefixClaim'];
export type ClaimStatus = 'pending' | 'verified' | 'rejected';

const queueKey = (status: ClaimStatus) => [...keys.operator.all, 'gs1-prefixes', status] as const;

/** The claims in one status, 25 a page; `pending` is the queue. */
export function useOperatorPrefixClaims(status: ClaimStatus) {
  return useInfiniteQuery({
    queryKey: queueKey(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/operator/gs1-prefixes', {
          params: { query: { status, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}

/** Where the browser opens a claim's licence document (the session's cookie goes with it). */
export const evidenceUrl = (id: string) => `/v1/operator/gs1-prefixes/${encodeURIComponent(id)}/evidence`;

/** Approve or reject; every list of the console is asked for again (the audit log has a new entry). */
export function useDecidePrefixClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { id: string; approve: true } | { id: string; approve: false; reason: string }) =>
      d.approve
        ? ok(api.POST('/v1/operator/gs1-prefixes/{id}/approve', { params: { path: { id: d.id } } }))
        : ok(
            api.POST('/v1/operator/gs1-prefixes/{id}/reject', {
              params: { path: { id: d.id } },
              body: { reason: d.reason },
            }),
          ),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.operator.all }),
  });
}
