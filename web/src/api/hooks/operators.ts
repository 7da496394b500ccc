// Who operates the server (docs/decisions.md D73): the list, naming one and removing one. Each
// change is in the instance audit log, so the log is asked for again with the list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schemas } from '../client';
import { keys } from '../keys';

export type OperatorEntry = Schemas['OperatorEntry'];

export function useOperators() {
  return useQuery({ queryKey: keys.operator.operators, queryFn: () => ok(api.GET('/v1/operator/operators')) });
}

function useOperatorsChanged() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.operator.operators }),
      qc.invalidateQueries({ queryKey: keys.operator.allAudit }),
    ]);
}

/** Names the user who signs in with `email` an operator. */
export function useNameOperator() {
  const changed = useOperatorsChanged();
  return useMutation({
    mutationFn: (email: string) => ok(api.POST('/v1/operator/operators', { body: { email } })),
    onSuccess: changed,
  });
}

export function useRemoveOperator() {
  const changed = useOperatorsChanged();
  return useMutation({
    mutationFn: (id: string) => ok(api.DELETE('/v1/operator/operators/{id}', { params: { path: { id } } })),
    onSuccess: changed,
  });
}
