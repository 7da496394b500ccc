// Workspaces: the organization's list, one workspace's settings, the chosen workspace's record.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok } from '../client';
import { isUsageKey, keys } from '../keys';
import { useInvalidate, useWsKeys } from './scope';

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

/**
 * The workspace writes, with what each changes in the cache: a workspace more or fewer changes the
 * list and the usage; a saved one is kept as the PATCH answered it; a custom domain changes the
 * chosen workspace's record.
 */
export function useWorkspaceWrites() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMemo(() => {
    const record = (id: string) => invalidate((k) => k.workspace(id));
    return {
      create: async (input: { name: string; slug: string }) => {
        const ws = await ok(api.POST('/v1/workspaces', { body: input }));
        await invalidate(keys.workspaces.all);
        await invalidate((k) => k.usage);
        return ws;
      },
      /** Saves a workspace's settings; the answer is its settings page's data from here on. */
      update: async (id: string, patch: Record<string, unknown>) => {
        const w = await ok(api.PATCH('/v1/workspaces/{id}', { params: { path: { id } }, body: patch as never }));
        qc.setQueryData(keys.workspaces.detail(id), w);
        return w;
      },
      archive: async (id: string) => {
        await ok(api.DELETE('/v1/workspaces/{id}', { params: { path: { id } } }));
        await invalidate(keys.workspaces.all);
        // An archived workspace frees a place under the plan's limit, in every workspace the session has met.
        await qc.invalidateQueries({ predicate: (q) => isUsageKey(q.queryKey) });
      },
      /** Sets the chosen workspace's custom domain, or releases it (null). */
      setDomain: async (id: string, domain: string | null) => {
        await ok(api.PATCH('/v1/workspaces/{id}', { params: { path: { id } }, body: { custom_domain: domain } }));
        await record(id);
      },
      /** Looks for the domain's TXT record now. */
      verifyDomain: async (id: string) => {
        await ok(api.POST('/v1/workspaces/{id}/domain/verify', { params: { path: { id } } }));
        await record(id);
      },
    };
  }, [qc, invalidate]);
}
