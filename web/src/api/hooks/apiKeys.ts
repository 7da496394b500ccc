// API keys of the workspace: the list, and the writes with what each makes stale.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok } from '../client';
import { useInvalidate, useWsKeys } from './scope';

export function useApiKeys() {
  return useQuery({
    queryKey: useWsKeys().apiKeys.all,
    retry: false,
    queryFn: () => ok(api.GET('/v1/api-keys', { params: { query: {} as never } })),
  });
}

export function useApiKeyWrites() {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const list = () => invalidate((k) => k.apiKeys.all);
    return {
      /** Creates a key; its secret is in this answer only. */
      create: async (input: { name: string; expires_at?: string }) => {
        const k = await ok(api.POST('/v1/api-keys', { body: input as never }));
        await list();
        return (k as { api_key: string }).api_key;
      },
      revoke: async (id: string) => {
        await ok(api.DELETE('/v1/api-keys/{id}', { params: { path: { id } } }));
        await list();
      },
    };
  }, [invalidate]);
}
