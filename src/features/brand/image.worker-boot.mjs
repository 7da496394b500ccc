// Loads the TypeScript image worker when the service runs under tsx: a worker thread does not
// inherit tsx's loader, so it is registered here first.
const { register } = await import('tsx/esm/api');
register();
const worker = await import('./image.worker.ts');
export default worker.default;
