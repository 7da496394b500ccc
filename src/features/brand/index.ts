// The brand feature's public module: its routes, and what codes and their images need of it.
export { default as brandRoutes } from './brand.routes.js';
export { default as imageWorkersRuntime } from './image-workers.plugin.js';
export { checkDesignRefs, effectiveStyle, kitStyle } from './brand.service.js';
export { pageThemeOf, type PageThemeSource } from './page-theme-source.js';
export { databaseLogoStore, type LogoStore } from './logo-store.js';
export { FrameStyle, designFields, type KitStyle } from './brand.schemas.js';
export type { ImageWorkers } from './image-workers.js';
export { storedLogosOf } from './stored-logos.js';
