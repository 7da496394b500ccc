// Standing access credentials to the organization's passports (org_admin only): list, issue, revoke.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok, type Schemas } from '../client';
import { keys } from '../keys';
import { useInvalidate } from './scope';

export type AccessCredential = Schemas['AccessCredential'];
export interface CredentialInput {
  level: 'legitimate_interest' | 'authority';
  holder: string;
  expires_at: string;
  gtin_prefixes?: string[];
  note?: string;
}

export function useDppCredentials(orgId: string | null | undefined) {
  return useQuery({
    queryKey: keys.dppCredentials(orgId),
    retry: false,
    queryFn: () => ok(api.GET('/v1/dpp-credentials', { params: { query: { limit: 100 } } })),
  });
}

/** Issuing and revoking; each resolves once the list is asked for again. */
export function useDppCredentialWrites(orgId: string | null | undefined) {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const list = () => invalidate(keys.dppCredentials(orgId));
    return {
      /** The answer carries the token, in this answer only. */
      issue: async (input: CredentialInput) => {
        const created = await ok(api.POST('/v1/dpp-credentials', { body: input }));
        await list();
        return created;
      },
      revoke: async (id: string) => {
        await ok(api.DELETE('/v1/dpp-credentials/{id}', { params: { path: { id } } }));
        await list();
      },
    };
  }, [invalidate, orgId]);
}
