// The organization: its record, and the usage against its plan's limits.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok } from '../client';
import { keys } from '../keys';
import { useInvalidate, useWsKeys } from './scope';

/** The organization's usage of its plan (GET /v1/organizations/usage), refreshed each minute. */
export function useUsage() {
  return useQuery({
    queryKey: useWsKeys().usage,
    queryFn: () => ok(api.GET('/v1/organizations/usage')),
    refetchInterval: 60_000,
    staleTime: 60_000,
  });
}

export function useOrganization(orgId: string | null | undefined) {
  return useQuery({
    queryKey: keys.organization.detail(orgId),
    queryFn: () => ok(api.GET('/v1/organizations')),
  });
}

/** The organization writes; a save resolves once the organization and the session are asked for again. */
export function useOrganizationWrites() {
  const invalidate = useInvalidate();
  return useMemo(
    () => ({
      /** Name, slug and billing e-mail; the session names the organization too. */
      update: async (id: string, patch: { name: string; slug: string; billing_email: string | null }) => {
        await ok(api.PATCH('/v1/organizations/{id}', { params: { path: { id } }, body: patch }));
        await invalidate(keys.organization.all);
        await invalidate(keys.me);
      },
      /** A new organization with the caller as its administrator; the session lists it once this resolves. */
      create: async (body: { name: string; slug: string }) => {
        const org = await ok(api.POST('/v1/organizations', { body }));
        await invalidate(keys.me);
        return org;
      },
      /** Deletes the organization; its sessions end with it. */
      remove: (id: string) => ok(api.DELETE('/v1/organizations/{id}', { params: { path: { id } } })),
    }),
    [invalidate],
  );
}
