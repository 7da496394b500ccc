// The code-images feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { qrImageRoutes } from './qr-image.routes.js';
