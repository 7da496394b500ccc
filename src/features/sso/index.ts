// The sso feature's public module (docs/decisions.md D80): what other features and the wiring may use of it.
export { default as ssoRoutes } from './sso.routes.js';
export { ssoSignInPolicy } from './sso.policy.js';
