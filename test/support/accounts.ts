import assert from 'node:assert/strict';
import { call, randomSlug, type Harness } from './harness.js';

export interface SignedUp {
  email: string;
  password: string;
  userId: string;
  organizationId: string;
  /** cookie and CSRF headers of the sign-up session */
  headers: Record<string, string>;
}

export function sessionHeaders(res: { headers: Record<string, unknown>; json: any }): Record<string, string> {
  const raw = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('qrs_session='));
  assert.ok(raw, 'no session cookie');
  return { cookie: String(raw).split(';')[0], 'x-csrf-token': res.json.data.csrf_token };
}

/** POST /auth/signup as a browser would, with a random address. */
export async function signUp(h: Harness, opts: { locale?: 'en' | 'de'; email?: string } = {}): Promise<SignedUp> {
  const email = opts.email ?? `${randomSlug('s')}@example.com`;
  const password = 'correct horse battery';
  const res = await call(h, {
    method: 'POST',
    url: '/auth/signup',
    body: { email, password, org_name: 'Signed Up', ...(opts.locale ? { locale: opts.locale } : {}) },
  });
  assert.equal(res.statusCode, 201, res.body);
  return {
    email,
    password,
    userId: res.json.data.user.id,
    organizationId: res.json.data.organization.id,
    headers: sessionHeaders(res),
  };
}

/**
 * Proves the address of a sign-up the way its owner would: runs the queued mail jobs and follows
 * the newest verification link the test SMTP server received.
 */
export async function verifyAddress(
  h: Harness,
  smtp: { link(address: string, path: string): URL },
  s: SignedUp,
): Promise<SignedUp> {
  await h.app.jobs.runDue();
  const token = smtp.link(s.email, '/verify-email').searchParams.get('token');
  const res = await call(h, { method: 'POST', url: '/auth/verify-email', body: { token } });
  assert.equal(res.statusCode, 200, res.body);
  return s;
}
