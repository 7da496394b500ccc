// The conversions feature's public module (docs/decisions.md D81): the click id the redirect
// appends, the totals analytics read, and the routes.
export { CLICK_ID_PARAM, clickIdOf, withClickId } from './click-id.js';
export { conversionTotals } from './conversions.service.js';
export { ConversionTotals } from './conversions.schemas.js';
export { default as conversionsRoutes } from './conversions.routes.js';
