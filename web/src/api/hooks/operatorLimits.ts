// The abuse limits the operator sets (docs/decisions/0076-operator-announcements-and-limits.md):
// the values in force, the environment's defaults and the operator's overrides. One hook per query.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schemas } from '../client';
import { keys } from '../keys';

export type InstanceLimits = Schemas['InstanceLimits'];
export type LimitsOverrides = Schemas['LimitsOverrides'];

const limitsKey = [...keys.operator.all, 'limits'] as const;

/** The limits in force, with where each comes from. */
export function useOperatorLimits() {
  return useQuery({ queryKey: limitsKey, queryFn: () => ok(api.GET('/v1/operator/limits')) });
}

/** Replaces the operator's overrides; the limits (and the audit log) are asked for again. */
export function useSetLimits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (overrides: LimitsOverrides) => ok(api.PUT('/v1/operator/limits', { body: overrides })),
    onSuccess: (limits) => {
      qc.setQueryData(limitsKey, limits);
      return qc.invalidateQueries({ queryKey: keys.operator.all });
    },
  });
}
