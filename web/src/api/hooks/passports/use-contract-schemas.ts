import { useQuery } from '@tanstack/react-query';
import { fetchBlob } from '../../client';
import { keys } from '../../keys';

/**
 * The contract as the API documents it: the schemas of /openapi.json, fetched once. `'static'`,
 * not `Infinity`: a write invalidates every query, and an Infinity query is refetched then too, so
 * each reading or save downloaded and parsed the 2 MB document again.
 */
export function useContractSchemas<Schema>() {
  return useQuery({
    queryKey: keys.openapiSchemas,
    staleTime: 'static',
    queryFn: async () =>
      (
        JSON.parse(await (await fetchBlob('/openapi.json')).text()) as {
          components: { schemas: Record<string, Schema> };
        }
      ).components.schemas,
  });
}
