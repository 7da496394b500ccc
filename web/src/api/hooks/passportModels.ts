// Model passports (the GTIN level, docs/dpp.md "Model passports"): the list, one model, its writes.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, body, ok, type Schemas } from '../client';
import { compact, nextCursor, useInvalidate, useWsKeys } from './scope';

export type ModelPassport = Schemas['ModelPassport'];

/** Model passports by GTIN and publication status, newest first, 25 a page. */
export function useModelPassports(filters: { gtin: string; publication_status: string }) {
  return useInfiniteQuery({
    queryKey: useWsKeys().passportModels.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/dpp-models', {
          params: { query: compact({ ...filters, limit: 25, cursor: pageParam }) as never },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}

/** One model passport; no request without an id (a new model). */
export function useModelPassport(id: string | null | undefined) {
  return useQuery({
    queryKey: useWsKeys().passportModels.detail(id ?? undefined),
    enabled: !!id,
    queryFn: () => ok(api.GET('/v1/dpp-models/{id}', { params: { path: { id: id! } } })),
  });
}

/** The model writes; each resolves once the models (and the batteries that show them) are asked for again. */
export function useModelPassportWrites() {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const models = () => invalidate((k) => k.passportModels.all);
    return {
      create: async (input: { gtin: string; category: string; data: unknown }) => {
        const created = await ok(api.POST('/v1/dpp-models', { body: input as never }));
        await models();
        return created;
      },
      /** `data` is a JSON merge patch of the model's data. */
      update: async (id: string, data: unknown) => {
        await ok(api.PATCH('/v1/dpp-models/{id}', { params: { path: { id } }, body: { data } as never }));
        await models();
      },
      publish: async (id: string) => {
        await ok(api.POST('/v1/dpp-models/{id}/publish', { params: { path: { id } } }));
        await models();
      },
      archive: async (id: string) => {
        await ok(api.POST('/v1/dpp-models/{id}/archive', { params: { path: { id } } }));
        await models();
      },
    };
  }, [invalidate]);
}
