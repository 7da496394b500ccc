import { useQuery } from '@tanstack/react-query';
import { api, body, type Code } from '../../client';
import { useWsKeys } from '../scope';

/** A dynamic code's former short codes, which still redirect. */
export function useCodeAliases(code: Code) {
  return useQuery({
    queryKey: useWsKeys().codes.aliases(code.id, code.short_code),
    enabled: code.dynamic,
    queryFn: () =>
      body(api.GET('/v1/codes/{id}/aliases', { params: { path: { id: code.id }, query: { limit: 100 } as never } })),
  });
}
