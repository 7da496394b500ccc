import { useQuery } from '@tanstack/react-query';
import { fetchBlob } from '../../client';
import { keys } from '../../keys';

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
