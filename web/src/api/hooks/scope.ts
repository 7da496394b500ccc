// What every hook module shares: the chosen workspace's keys, and invalidation through the key factory.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSession } from '../../session';
import { keys, type WsKeys } from '../keys';

/** The keys of the chosen workspace ('none' before one is chosen); the same object while it stays chosen. */
export function useWsKeys(): WsKeys {
  const { me } = useSession();
  const ws = me?.current.workspace_id ?? 'none';
  return useMemo(() => keys.ws(ws), [ws]);
}

/** A key, or a pick from the chosen workspace's keys: `(k) => k.webhooks.all`. */
export type KeyPick = QueryKey | ((ws: WsKeys) => QueryKey);

/**
 * Marks queries stale after a write, by a key of the factory (a prefix covers its family);
 * with no key, every query, for writes whose effects reach across resources.
 */
export function useInvalidate(): (key?: KeyPick) => Promise<void> {
  const qc = useQueryClient();
  const ws = useWsKeys();
  return useCallback(
    (key?: KeyPick) =>
      key === undefined
        ? qc.invalidateQueries()
        : qc.invalidateQueries({ queryKey: typeof key === 'function' ? key(ws) : key }),
    [qc, ws],
  );
}

/** The cursor of a list's next page, or undefined on its last. */
export function nextCursor(last: { meta: { pagination: { has_more: boolean; next_cursor?: string | null } } }) {
  return last.meta.pagination.has_more ? (last.meta.pagination.next_cursor ?? undefined) : undefined;
}

/** A list's query without the filters left empty. */
export function compact(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined));
}
