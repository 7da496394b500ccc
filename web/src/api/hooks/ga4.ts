// The workspace's GA4 forwarding (GET, PUT, DELETE /v1/ga4; docs/conversions.md).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok } from '../client';
import { useInvalidate, useWsKeys } from './scope';

export function useGa4() {
  return useQuery({
    queryKey: useWsKeys().ga4,
    queryFn: () => ok(api.GET('/v1/ga4')),
  });
}

/** Turning forwarding on or off; each resolves once the settings are asked for again. */
export function useGa4Writes() {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const again = () => invalidate((k) => k.ga4);
    return {
      save: async (body: { measurement_id: string; api_secret: string }) => {
        await ok(api.PUT('/v1/ga4', { body }));
        await again();
      },
      remove: async () => {
        await ok(api.DELETE('/v1/ga4'));
        await again();
      },
    };
  }, [invalidate]);
}
