// The files feature's public face: content pages check a file belongs to the workspace and serve its bytes.
export { findFile } from './files.repo.js';
export { blobStore, blobKey } from './files.service.js';
export { default as filesRoutes } from './files.routes.js';
export { storedFilesOf } from './stored-files.js';
