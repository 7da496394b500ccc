// Webhooks: the list, a webhook's deliveries, and the writes with what each makes stale.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok } from '../client';
import { useInvalidate, useWsKeys } from './scope';

export function useWebhooks() {
  return useQuery({
    queryKey: useWsKeys().webhooks.all,
    retry: false,
    queryFn: () => ok(api.GET('/v1/webhooks', { params: { query: {} as never } })),
  });
}

export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: useWsKeys().webhooks.deliveriesOf(webhookId),
    queryFn: () =>
      ok(api.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id: webhookId }, query: {} as never } })),
  });
}

/** The webhook writes; each resolves once what it changed is asked for again. */
export function useWebhookWrites() {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const list = () => invalidate((k) => k.webhooks.all);
    return {
      /** Asks for the list again. */
      refresh: list,
      /** Asks for a webhook's deliveries again. */
      refreshDeliveries: (id: string) => invalidate((k) => k.webhooks.deliveriesOf(id)),
      /** Creates a webhook; the answer holds its secret, shown once. */
      create: async (input: { url: string; event_types: string[] }) => {
        const w = await ok(api.POST('/v1/webhooks', { body: { ...input, enabled: true } }));
        await list();
        return w;
      },
      /** A new secret, shown once; the list does not show secrets, so nothing is stale. */
      rotateSecret: (id: string) => ok(api.POST('/v1/webhooks/{id}/rotate-secret', { params: { path: { id } } })),
      /** Sends a test event: one more delivery. */
      sendTest: async (id: string) => {
        await ok(api.POST('/v1/webhooks/{id}/test', { params: { path: { id } } }));
        await invalidate((k) => k.webhooks.deliveries);
      },
      setEnabled: async (id: string, enabled: boolean) => {
        await ok(api.PATCH('/v1/webhooks/{id}', { params: { path: { id } }, body: { enabled } }));
        await list();
      },
      remove: async (id: string) => {
        await ok(api.DELETE('/v1/webhooks/{id}', { params: { path: { id } } }));
        await list();
      },
      redeliver: async (id: string, deliveryId: string) => {
        await ok(
          api.POST('/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
            params: { path: { id, delivery_id: deliveryId } },
          }),
        );
        await invalidate((k) => k.webhooks.deliveriesOf(id));
      },
    };
  }, [invalidate]);
}
