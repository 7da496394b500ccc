// The operator's console (docs/decisions.md D73, D77): who may open it, the organizations, the
// instance's health and the instance audit log. One hook per query.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, ok, body, type Schemas } from '../client';
import { keys } from '../keys';
import { compact, nextCursor } from './scope';

/**
 * Whether the signed-in person is an operator (GET /v1/operator/session): a 404 means not (the
 * section stays hidden), a 403 `two-factor-enrolment-required` an operator who must turn on 2FA.
 * Never retried: the answer is the point.
 */
export function useOperatorSession() {
  return useQuery({
    queryKey: keys.operator.session,
    queryFn: () => ok(api.GET('/v1/operator/session')),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** What the session answer means for the dashboard: hidden, needs 2FA, or open. */
export function operatorAccess(q: ReturnType<typeof useOperatorSession>): 'loading' | 'none' | 'two-factor' | 'open' {
  if (q.isPending) return 'loading';
  if (q.data) return 'open';
  if (q.error instanceof ApiError && q.error.kind === 'two-factor-enrolment-required') return 'two-factor';
  return 'none';
}

/** Every organization of the server, newest first, 25 a page; `q` searches id, name, slug or a member's e-mail. */
export function useOperatorOrganizations(q: string) {
  return useInfiniteQuery({
    queryKey: keys.operator.organizations(q),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/operator/organizations', {
          params: { query: compact({ q: q || undefined, limit: 25, cursor: pageParam }) as never },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}

/** One organization with its usage; each look is recorded in the instance audit log. */
export function useOperatorOrganization(id: string) {
  return useQuery({
    queryKey: keys.operator.organization(id),
    queryFn: () => ok(api.GET('/v1/operator/organizations/{id}', { params: { path: { id } } })),
    retry: false,
  });
}

export type Plan = 'free' | 'pro' | 'business' | 'agency' | 'enterprise';

/** Moves an organization to another plan; the lists and the audit log are asked for again, the detail is the answer. */
export function useSetOrganizationPlan(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) =>
      ok(api.PUT('/v1/operator/organizations/{id}/plan', { params: { path: { id } }, body: { plan } })),
    onSuccess: async (org) => {
      // The answer is the detail: asking again would record one more look (organization.viewed).
      qc.setQueryData(keys.operator.organization(id), org);
      const detail = keys.operator.organization(id);
      await qc.invalidateQueries({
        queryKey: keys.operator.all,
        predicate: (q) => q.queryKey[1] !== detail[1] || q.queryKey[2] !== id,
      });
    },
  });
}

/** The instance's health, asked for again every 30 s while the screen is open. */
export function useOperatorHealth() {
  return useQuery({
    queryKey: keys.operator.health,
    queryFn: () => ok(api.GET('/v1/operator/health')),
    refetchInterval: 30_000,
  });
}

/** The instance audit log, newest first, 25 a page, optionally of one target or action. */
export function useOperatorAudit(filter: { target_id?: string; action?: string }) {
  return useInfiniteQuery({
    queryKey: keys.operator.audit(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/operator/audit', {
          params: { query: compact({ ...filter, limit: 25, cursor: pageParam }) as never },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}

export type MailTestResult = Schemas['OperatorMailTest'];

/** Sends a test e-mail now (POST /v1/operator/mail-test); the entry joins the instance audit log. */
export function useSendTestMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { to: string; locale: 'en' | 'de' }) => ok(api.POST('/v1/operator/mail-test', { body: b })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.operator.allAudit }),
  });
}
