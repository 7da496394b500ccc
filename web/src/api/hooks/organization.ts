// The organization: its record, and the usage against its plan's limits.
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../client';
import { keys } from '../keys';
import { useWsKeys } from './scope';

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
