import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { ImageWorkers } from './image-workers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the image worker threads: logo uploads are checked and logos and frames drawn there (docs/decisions.md D55) */
    images: ImageWorkers;
  }
}

/** One pool of image workers for the app: the brand routes check uploads on it, the image routes draw. */
export default fp(
  async function imageWorkersRuntime(app: App) {
    const images = new ImageWorkers(app.deps.config.images);
    app.decorate('images', images);
    app.addHook('onClose', () => images.close());
  },
  { name: 'image-workers' },
);
