// The ONE module through which the dashboard talks to the service: a thin wrapper over @qrs/sdk
// (docs/dashboard.md: the dashboard uses the SDK, not its own client). The SDK's typed client does every
// call; this file adds the browser session: no API key is ever held here, the session cookie
// authenticates, and writes carry the session's X-CSRF-Token (D4). The SDK's onResponse hook feeds
// the deprecation banner.
import { Qrs, type components, type paths } from '@qrs/sdk';

/** An RFC 7807 problem document as the service sends it. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  request_id?: string;
  errors?: Array<{ pointer: string; detail: string; code: string }>;
  plan?: string;
  limit?: number;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title);
  }
  /** The last segment of the problem type: 'validation-error', 'plan-limit-exceeded', … */
  get kind(): string {
    return this.problem.type.split('/').pop() ?? '';
  }
}

const state: { csrf: string | null; workspaceId: string | null; organizationId: string | null } = {
  csrf: null,
  workspaceId: null,
  organizationId: null,
};

export function setCsrfToken(token: string | null) {
  state.csrf = token;
}
export function setWorkspace(id: string | null) {
  state.workspaceId = id;
}
export function setOrganization(id: string | null) {
  state.organizationId = id;
}

export interface DeprecationNotice {
  method: string;
  path: string;
  link: string | null;
  sunset: string | null;
}
const deprecationListeners = new Set<(d: DeprecationNotice) => void>();
export function onDeprecation(fn: (d: DeprecationNotice) => void): () => void {
  deprecationListeners.add(fn);
  return () => {
    deprecationListeners.delete(fn);
  };
}

function headers(method: string, h: Headers) {
  if (state.workspaceId) h.set('X-Workspace-Id', state.workspaceId);
  if (state.organizationId) h.set('X-Organization-Id', state.organizationId);
  if (state.csrf && !['GET', 'HEAD', 'OPTIONS'].includes(method)) h.set('X-CSRF-Token', state.csrf);
}

function watch(method: string, res: Response) {
  if (res.headers.get('deprecation') !== 'true') return;
  const link = /<([^>]+)>/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  const notice = { method, path: new URL(res.url, location.href).pathname, link, sunset: res.headers.get('sunset') };
  for (const fn of deprecationListeners) fn(notice);
}

/** The SDK in session mode (no apiKey): same origin, cookie sent by the browser. TanStack Query
 * already retries failed queries, so the SDK's own retries are off (no retry on top of retry). */
export const qrs = new Qrs({
  baseUrl: location.origin,
  credentials: 'same-origin',
  retry: { retries: 0 },
  onResponse: (response, request) => watch(request.method, response),
});
// The workspace, organization and CSRF token change during a session (switcher, sign-in), so they
// are set per request rather than fixed when the SDK is constructed.
qrs.client.use({
  onRequest({ request }) {
    headers(request.method, request.headers);
    return request;
  },
});

/** The SDK's typed openapi-fetch client: `api.GET('/v1/codes/{id}', …)`. */
export const api = qrs.client;

async function toApiError(res: Response, body?: unknown): Promise<ApiError> {
  let problem = body as Problem | undefined;
  if (problem === undefined) {
    try {
      problem = (await res.json()) as Problem;
    } catch {
      /* not JSON */
    }
  }
  if (!problem || typeof problem !== 'object' || !('status' in problem)) {
    problem = {
      type: 'about:blank',
      title: res.statusText || 'Error',
      status: res.status,
      detail: `HTTP ${res.status}`,
    };
  }
  return new ApiError(res.status, problem);
}

/** The whole JSON body of a successful call (lists: `{data, meta: {pagination}}`), else an ApiError. */
export async function body<T>(
  p: Promise<{ data?: T; error?: unknown; response: Response }> | { data?: T; error?: unknown; response: Response },
): Promise<T> {
  const { data, error, response } = await p;
  if (!response.ok) throw await toApiError(response, error);
  return data as T;
}

/** The `data` member of a successful call's envelope (D2), else an ApiError with the problem. */
export async function ok<T>(
  p: Promise<{ data?: T; error?: unknown; response: Response }> | { data?: T; error?: unknown; response: Response },
): Promise<T extends { data: infer D } ? D : T> {
  const b = await body(p);
  return (b && typeof b === 'object' && 'data' in b ? (b as { data: unknown }).data : b) as never;
}

/** Binary or SVG answers (QR images, PDFs, CSV), through the SDK like every other call. */
export async function fetchBlob(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<Blob> {
  return (await fetchFile(path, init)).blob;
}

/** A download with the file name the server gives it (Content-Disposition), null when it names none. */
export async function fetchFile(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  // Paths here carry their ids and query already; the SDK client sends them as they are.
  type Call = (
    p: string,
    o: { parseAs: 'blob'; body?: unknown },
  ) => Promise<{ data?: Blob; error?: unknown; response: Response }>;
  const call = (init.method === 'POST' ? api.POST : api.GET) as unknown as Call;
  const { data, error, response } = await call(path, {
    parseAs: 'blob',
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  if (!response.ok) throw await toApiError(response, error);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: data as Blob, filename: named ? named[1] : null };
}

export type Schemas = components['schemas'];

type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type DataOf<R> = Json<R> extends { data: infer D } ? D : never;
type Responses<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R
  : never;
type OkData<P extends keyof paths, M extends keyof paths[P]> =
  Responses<P, M> extends { 200: infer R } ? DataOf<R> : Responses<P, M> extends { 201: infer R } ? DataOf<R> : never;

export type Me = OkData<'/auth/me', 'get'>;
export type Code = OkData<'/v1/codes/{id}', 'get'>;
export type CodeCreate = NonNullable<paths['/v1/codes']['post']['requestBody']>['content']['application/json'];
export type Workspace = OkData<'/v1/workspaces/{id}', 'get'>;
export type ApiKey = OkData<'/v1/api-keys/{id}', 'get'>;
export type AuditLogEntry = OkData<'/v1/audit-logs/{id}', 'get'>;
/** The resource types the audit list filters by. */
export type AuditResourceType = NonNullable<
  NonNullable<paths['/v1/audit-logs']['get']['parameters']['query']>['resource_type']
>;
export type Usage = OkData<'/v1/organizations/usage', 'get'>;
export type Stats = OkData<'/v1/codes/{id}/stats', 'get'>;
export type Scan = OkData<'/v1/codes/{id}/scans', 'get'> extends Array<infer S> ? S : never;
