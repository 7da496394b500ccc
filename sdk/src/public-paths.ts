// Generated from the qrs OpenAPI document by openapi-typescript (npm run sdk:types). Do not edit.

/** Paths whose operations are public (`security: []`): the SDK never sends them credentials. */
export const PUBLIC_PATHS: readonly string[] = [
  '/.well-known/gs1resolver',
  '/.well-known/qrs/domain-check',
  '/01/{gtin}',
  '/01/{gtin}/10/{lot}/21/{serial}',
  '/01/{gtin}/21/{serial}',
  '/auth/email-change/confirm',
  '/auth/invitations/preview',
  '/auth/login',
  '/auth/password-reset',
  '/auth/password-reset/confirm',
  '/auth/signup',
  '/auth/sso/callback',
  '/auth/sso/start',
  '/auth/verify-email',
  '/billing/stripe/webhook',
  '/dpp/{gtin}',
  '/dpp/{gtin}/{serial}',
  '/metrics',
  '/r/{short_code}',
  '/r/{short_code}/contact.vcf',
  '/r/{short_code}/file',
  '/r/{short_code}/logo',
  '/unsubscribe',
  '/v1/health',
];
