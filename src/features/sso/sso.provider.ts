// The identity provider, through openid-client (docs/decisions.md D80): discovery, the authorization
// URL with PKCE, state and nonce, and the code exchange whose ID token it checks (signature against
// the provider's keys, issuer, audience, expiry, nonce). Nothing here parses a token by hand.
import * as oidc from 'openid-client';
import type { ServiceDeps } from '../../platform/deps.js';
import { AppError } from '../../http/errors.js';
import { isPublicAddress } from '../../lib/ip-ranges.js';

/** Why an issuer URL is refused before anything is fetched from it; null when it may be used. */
export async function issuerRefusal(ctx: ServiceDeps<'hostResolver'>, issuer: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'is not a URL';
  }
  if (url.search || url.hash || url.username) return 'must have no query, fragment or credentials';
  if (ctx.config.ssoAllowInsecureIssuers)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'must be https';
  if (url.protocol !== 'https:') return 'must be https';
  // The server fetches it: an issuer must not turn it into a reader of the private network.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await ctx.hostResolver.lookup(host).catch(() => []);
  if (addresses.length === 0) return 'does not resolve';
  if (addresses.some((a) => !isPublicAddress(a.address))) return 'resolves to a private address';
  return null;
}

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Discovered provider configurations, kept ten minutes per issuer and client, so a sign-in does not
 * fetch the discovery document and keys twice. One per app (src/features/sso/sso.routes.ts).
 */
export function providerCache(ttlMs = 600_000) {
  const entries = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
  return async function configurationOf(ctx: ServiceDeps, client: ProviderClient): Promise<oidc.Configuration> {
    const key = JSON.stringify([client.issuer, client.clientId, client.clientSecret]);
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.config;
    const config = discover(ctx, client);
    entries.set(key, { at: now, config });
    config.catch(() => entries.delete(key));
    if (entries.size > 500) entries.delete(entries.keys().next().value!);
    return config;
  };
}

export type ConfigurationOf = ReturnType<typeof providerCache>;

/** The provider's discovery document, its issuer checked to be exactly the one configured. */
export async function discover(ctx: ServiceDeps, client: ProviderClient) {
  const config = await oidc.discovery(
    new URL(client.issuer),
    client.clientId,
    undefined,
    // client_secret_basic: the registration default of OpenID Connect, what Okta, Entra ID, Google and Keycloak accept.
    oidc.ClientSecretBasic(client.clientSecret),
    {
      timeout: 10,
      // Plain http only for a provider the operator allowed (a local one, the tests).
      ...(ctx.config.ssoAllowInsecureIssuers ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  // openid-client trusts the TLS channel for an ID token from the token endpoint (OIDC Core 3.1.3.7
  // allows it) and checks its signature only when asked: asked, so a token the provider's keys did not
  // sign is refused even when something on the way altered it (the tests forge one, docs/decisions.md D80).
  oidc.enableNonRepudiationChecks(config);
  return config;
}

export const randomSecrets = () => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});

export async function authorizationUrl(
  config: oidc.Configuration,
  p: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
): Promise<string> {
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: p.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
      code_challenge_method: 'S256',
      state: p.state,
      nonce: p.nonce,
    })
    .toString();
}

export const ssoFailed = (detail: string, reason: string) =>
  new AppError('sso-failed', `Single sign-on failed: ${detail}`, { reason });

/**
 * The code of the callback URL exchanged for tokens; the ID token's claims once every check of
 * openid-client passed. Any failure is a 401 `sso-failed`: nothing of a refused token is used.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<oidc.IDToken> {
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    return claims;
  } catch (err) {
    throw ssoFailed(err instanceof Error ? err.message : 'the provider answered something unexpected', 'token');
  }
}
