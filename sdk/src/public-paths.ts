// Generated from the qrs OpenAPI document by openapi-typescript (npm run sdk:types). Do not edit.

/** Paths whose operations are public (`security: []`): the SDK never sends them credentials. */
export const PUBLIC_PATHS: readonly string[] = [
  '/.well-known/gs1resolver',
  '/.well-known/qrs/domain-check',
  '/01/{gtin}',
  '/01/{gtin}/10/{lot}/21/{serial}',
  '/01/{gtin}/21/{serial}',
  '/auth/login',
  '/auth/signup',
  '/dpp/{gtin}/{serial}',
  '/r/{short_code}',
  '/v1/health'
];
