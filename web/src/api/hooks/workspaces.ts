// Workspaces: the organization's list, one workspace's settings, the chosen workspace's record.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok, type Workspace } from '../client';
import { isUsageKey, keys } from '../keys';
import { useWsKeys } from './scope';

export function useWorkspaces(orgId: string | null | undefined) {
  return useQuery({
    queryKey: keys.workspaces.list(orgId),
    queryFn: () => ok(api.GET('/v1/workspaces', { params: { query: { limit: 100 } } })),
  });
}

/** A workspace's settings page: any workspace of the organization, chosen or not. */
export function useWorkspace(id: string) {
  return useQuery({
    queryKey: keys.workspaces.detail(id),
    queryFn: () => ok(api.GET('/v1/workspaces/{id}', { params: { path: { id } } })),
  });
}

/** The chosen workspace's record (its time zone, its custom domain); none before one is chosen. */
export function useCurrentWorkspace(id: string) {
  return useQuery({
    queryKey: useWsKeys().workspace(id),
    enabled: !!id,
    queryFn: () => ok(api.GET('/v1/workspaces/{id}', { params: { path: { id } } })),
  });
}

/** What a workspace write does to the cache. */
export function useWorkspaceCache() {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      /** The saved workspace, as the PATCH answered it. */
      saved: (id: string, w: Workspace) => qc.setQueryData(keys.workspaces.detail(id), w),
      /** Usage in every workspace the session has met: a workspace more or less changes them all. */
      usageEverywhere: () => qc.invalidateQueries({ predicate: (q) => isUsageKey(q.queryKey) }),
    }),
    [qc],
  );
}
