import type { App } from '../../http/types.js';
import { webhookEndpointsRoutes } from './webhook-endpoints.routes.js';
import { webhookActionsRoutes } from './webhook-actions.routes.js';
import { webhookDeliveriesRoutes } from './webhook-deliveries.routes.js';

export function webhooksRoutes(app: App) {
  webhookEndpointsRoutes(app);
  webhookActionsRoutes(app);
  webhookDeliveriesRoutes(app);
}
