import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useWsKeys } from '../scope';

/** A file's metadata (a saved code names its PDF by id only). */
export function useFile(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().files.detail(id),
    enabled,
    queryFn: () => ok(api.GET('/v1/files/{id}', { params: { path: { id: id! } } })),
  });
}
