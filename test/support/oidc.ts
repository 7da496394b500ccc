// A real OpenID Connect provider (oidc-provider) on loopback for the single sign-on tests
// (docs/decisions.md D80): discovery, keys, PKCE, its development login form, and ID tokens it signs.
// `tamper` rewrites the ID token of the next token responses inside the provider (a middleware
// after its token endpoint), re-signed with its own key or another, so each of qrs's checks (issuer,
// audience, expiry, nonce, signature) meets a token that fails only that one.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './private-servers.js';

export interface IdpAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export type Tamper = (claims: Record<string, any>) => { claims: Record<string, any>; key?: 'provider' | 'stranger' };

export interface LoopbackIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IdpAccount>;
  /** set to rewrite the ID token of token responses; null: the provider's own */
  tamper: Tamper | null;
  /** Plays the browser at the provider: follows the authorization URL, signs in at its form, and returns the callback URL. */
  signInAs(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');

function signJwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject) {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

export async function startIdp(redirectUri: string): Promise<LoopbackIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const key = rsa();
  const stranger = rsa();
  const kid = 'loopback-1';
  const accounts = new Map<string, IdpAccount>();
  const clientId = 'qrs-test';
  const clientSecret = 'loopback-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...key.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['loopback-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The requested scopes' claims in the ID token itself, as Okta, Entra ID and Keycloak put them there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // A first-party client: no consent screen after the login form.
    async loadExistingGrant(ctx: any) {
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
  });
  const idp: LoopbackIdp = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper: null,
    signInAs: (url, login) => signInAs(url, login, redirectUri),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  provider.use(async (ctx: any, next: () => Promise<void>) => {
    await next();
    if (!idp.tamper || ctx.path !== '/token' || typeof ctx.body?.id_token !== 'string') return;
    const [h, p] = (ctx.body.id_token as string).split('.');
    const header = JSON.parse(Buffer.from(h!, 'base64url').toString());
    const out = idp.tamper(JSON.parse(Buffer.from(p!, 'base64url').toString()));
    ctx.body = { ...ctx.body, id_token: signJwt(header, out.claims, out.key === 'stranger' ? stranger : key) };
  });
  // The provider logs its development warnings once; the tests need not read them.
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return idp;
}

/** A browser's round at the provider with a cookie jar: every redirect, the login form once. */
async function signInAs(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
  }
  throw new Error('the provider never sent the browser back');
}
