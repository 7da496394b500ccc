// The brand feature's public module: its routes, and what codes and their images need of it.
export { default as brandRoutes } from './brand.routes.js';
export { checkDesignRefs, effectiveStyle, kitStyle } from './brand.service.js';
export { databaseLogoStore, type LogoStore } from './logo-store.js';
export { FrameStyle, designFields, type KitStyle } from './brand.schemas.js';
export { loadSanitizer } from './logo-files.js';
