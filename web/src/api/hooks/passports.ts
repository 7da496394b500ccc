// Battery passports: the list, one passport with its versions and access grants, the server's
// validator, and the organization's GS1 company prefixes.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, body, fetchBlob, ok } from '../client';
import { keys } from '../keys';
import { compact, nextCursor, useInvalidate, useWsKeys } from './scope';

/** Passports by publication status and GTIN, newest first, 25 a page. */
export function usePassports(filters: { gtin: string; publication_status: string }) {
  return useInfiniteQuery({
    queryKey: useWsKeys().passports.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(api.GET('/v1/dpp', { params: { query: compact({ ...filters, limit: 25, cursor: pageParam }) as never } })),
    getNextPageParam: nextCursor,
  });
}

/** One passport; no request without an id (a new passport). */
export function usePassport(id: string | undefined) {
  return useQuery({
    queryKey: useWsKeys().passports.detail(id),
    enabled: !!id,
    queryFn: () => ok(api.GET('/v1/dpp/{id}', { params: { path: { id: id! } } })),
  });
}

export function usePassportVersions(id: string) {
  return useQuery({
    queryKey: useWsKeys().passports.versions(id),
    queryFn: () => ok(api.GET('/v1/dpp/{id}/versions', { params: { path: { id }, query: { limit: 50 } } })),
  });
}

export function usePassportGrants(id: string) {
  return useQuery({
    queryKey: useWsKeys().passports.grants(id),
    queryFn: () => ok(api.GET('/v1/dpp/{id}/access-grants', { params: { path: { id }, query: { limit: 100 } } })),
  });
}

/** After a grant is made or revoked. */
export function useInvalidatePassportGrants(id: string) {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate((k) => k.passports.grants(id)), [invalidate, id]);
}

const validate = async (b: unknown) => ok(api.POST('/v1/dpp/validate', { body: b as never }));

/** The server's validator on a draft, as the user types (the last answer kept while the next loads). */
export function usePassportCheck(draft: unknown) {
  return useQuery({
    queryKey: useWsKeys().passports.validation(draft),
    queryFn: () => validate(draft),
    placeholderData: (prev) => prev,
    staleTime: Infinity,
  });
}

/** What the validator calls missing in an empty passport of a category: its required attributes. */
export function usePassportRequired(category: string) {
  return useQuery({
    queryKey: keys.dppRequired(category),
    staleTime: Infinity,
    queryFn: () => validate({ category, data: {} }),
  });
}

/** The contract as the API documents it: the schemas of /openapi.json, fetched once. */
export function useContractSchemas<Schema>() {
  return useQuery({
    queryKey: keys.openapiSchemas,
    staleTime: Infinity,
    queryFn: async () =>
      (
        JSON.parse(await (await fetchBlob('/openapi.json')).text()) as {
          components: { schemas: Record<string, Schema> };
        }
      ).components.schemas,
  });
}

/** The organization's GS1 company prefixes. */
export function useGs1Prefixes(orgId: string | null | undefined) {
  return useQuery({
    queryKey: keys.gs1Prefixes.list(orgId),
    queryFn: () => ok(api.GET('/v1/gs1-prefixes', { params: { query: { limit: 100 } } })),
  });
}

/** After a prefix is claimed or released. */
export function useInvalidateGs1Prefixes(orgId: string | null | undefined) {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate(keys.gs1Prefixes.list(orgId)), [invalidate, orgId]);
}
