import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';
import { PUBLIC_PATHS } from './public-paths.js';
import { at, data, pages, unwrap, type Body, type Defaulted, type Envelope, type Query } from './envelope.js';
import { operatorApi } from './operator.js';
import { retryingFetch, uuid, withCallOptions, type CallOptions, type RetryOptions } from './transport.js';
import type { CodeCreate, CodeUpdate } from './codes.js';

type Schemas = components['schemas'];
export type Code = Schemas['Code'];
export type Workspace = Schemas['Workspace'];
export type ApiKey = Schemas['ApiKey'];
export type CreatedApiKey = Schemas['CreatedApiKey'];
export type AuditLogEntry = Schemas['AuditLogEntry'];
export type Member = Schemas['Member'];
export type Organization = Schemas['Organization'];
export type Usage = Schemas['Usage'];
export type Scan = Schemas['Scan'];
export type CodeStats = Schemas['CodeStats'];
export type Comment = Schemas['Comment'];
export type Passport = Schemas['Passport'];
export type PassportVersion = Schemas['PassportVersion'];
export type AccessGrant = Schemas['AccessGrant'];
export type Linkset = Schemas['Linkset'];
export type PassportView = Schemas['PassportView'];
export type SsoConnection = Schemas['SsoConnection'];

export type ImageFormat = 'png' | 'svg' | 'pdf' | 'eps';
export type ImageOptions = Query<'getCodeQrPng'>;

// Every optional option also takes `undefined`, so `apiKey: process.env.QRS_API_KEY` compiles
// under exactOptionalPropertyTypes (tsc --init's default since TypeScript 5.9).
export interface QrsOptions {
  /** `qrs_sk_…`. Omit it for a dashboard session (see `auth.signIn`). */
  apiKey?: string | undefined;
  /** Where the service runs, e.g. `https://qr.example.com` (default `http://localhost:3000`). */
  baseUrl?: string | undefined;
  /** A fetch implementation (default: the global fetch). */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
  /** Retries on 429, 503 and network errors. */
  retry?: RetryOptions | undefined;
  /** The `timeout` in ms of every call that does not pass its own (default: none). */
  timeout?: number | undefined;
  /** For a session in the browser: `include` sends the session cookie cross-origin (default `same-origin`). */
  credentials?: RequestCredentials | undefined;
  /** For a session: the workspace requests act in (X-Workspace-Id). */
  workspaceId?: string | undefined;
  /**
   * Called with every final response (after retries), success or error, before it is parsed:
   * e.g. to read `Deprecation`/`Sunset`/`Link` or rate-limit headers. Read headers only; the body
   * belongs to the call.
   */
  onResponse?: ((response: Response, request: Request) => void) | undefined;
}
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The qrs API client.
 *
 * ```ts
 * const qrs = new Qrs({ apiKey: process.env.QRS_API_KEY, baseUrl: 'https://qr.example.com' });
 * const code = await qrs.codes.create({ type: 'url', url: 'https://example.com' });
 * for await (const c of qrs.codes.list()) console.log(c.short_url);
 * ```
 */
export class Qrs {
  /** The typed openapi-fetch client underneath, for any operation without a helper. */
  readonly client: Client<paths>;
  private csrfToken: string | undefined;

  constructor(private readonly options: QrsOptions = {}) {
    const baseFetch = options.fetch ?? ((input: Request) => globalThis.fetch(input));
    this.client = createClient<paths>({
      baseUrl: (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
      fetch: retryingFetch(baseFetch, options.retry),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    this.client.use({
      onRequest: ({ request, schemaPath }) => {
        const isPublic = PUBLIC_PATHS.includes(schemaPath);
        // Public routes never get the key: the passport page reads any Bearer token as an access grant.
        if (!isPublic && options.apiKey && !request.headers.has('authorization'))
          request.headers.set('authorization', `Bearer ${options.apiKey}`);
        if (request.method === 'POST' && !request.headers.has('idempotency-key'))
          request.headers.set('idempotency-key', uuid());
        if (!isPublic && !options.apiKey) {
          if (this.csrfToken && UNSAFE.has(request.method)) request.headers.set('x-csrf-token', this.csrfToken);
          if (options.workspaceId) request.headers.set('x-workspace-id', options.workspaceId);
        }
        return request;
      },
      onResponse: ({ request, response }) => {
        options.onResponse?.(response, request);
        return undefined;
      },
    });
  }

  /** One call with its options: its own timeout, else the client's. */
  private call<T>(opts: CallOptions | undefined, run: (init: { signal?: AbortSignal }) => Promise<T>): Promise<T> {
    return withCallOptions({ timeout: opts?.timeout ?? this.options.timeout, signal: opts?.signal }, run);
  }

  /** Service health; public. */
  health(opts?: CallOptions) {
    return this.call(opts, (init) => this.client.GET('/v1/health', init).then(unwrap));
  }

  readonly codes = {
    /** Creates a code; the body is one variant per `type` (see `CodeCreate`). */
    create: (body: CodeCreate, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/codes', { body, ...init }).then(data)),
    createBatch: (codes: CodeCreate[], opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/codes/batch', { body: { codes }, ...init }).then(data)),
    get: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.GET('/v1/codes/{id}', { params: { path: { id } }, ...init }).then(data)),
    /** Changes a code; pass its `type` to change `content` (the type picks its fields and is not sent). */
    update: (id: string, { type: _type, ...body }: CodeUpdate, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.PATCH('/v1/codes/{id}', { params: { path: { id } }, body, ...init }).then(data),
      ),
    delete: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.DELETE('/v1/codes/{id}', { params: { path: { id } }, ...init }).then(data)),
    approve: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.POST('/v1/codes/{id}/approve', { params: { path: { id } }, ...init }).then(data),
      ),
    reject: (id: string, reason: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.POST('/v1/codes/{id}/reject', { params: { path: { id } }, body: { reason }, ...init }).then(data),
      ),
    /** One page; `list` walks them all. */
    listPage: (query: Query<'listCodes'> = {}, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.GET('/v1/codes', { params: { query }, ...init }).then(unwrap)),
    /** Every code, newest first, across all pages. */
    list: (query: Omit<Query<'listCodes'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/codes', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
    /** The QR image as bytes. */
    image: (id: string, format: ImageFormat = 'png', query: ImageOptions = {}, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client
          .GET(`/v1/codes/{id}/qr.${format}` as '/v1/codes/{id}/qr.png', {
            params: { path: { id }, query },
            parseAs: 'arrayBuffer',
            ...init,
          })
          .then(unwrap),
      ).then((buf) => new Uint8Array(buf as ArrayBuffer)),
    /** The QR image as a stream. */
    imageStream: (id: string, format: ImageFormat = 'png', query: ImageOptions = {}, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client
          .GET(`/v1/codes/{id}/qr.${format}` as '/v1/codes/{id}/qr.png', {
            params: { path: { id }, query },
            parseAs: 'stream',
            ...init,
          })
          .then(unwrap),
      ).then((s) => s as unknown as ReadableStream<Uint8Array>),
    comments: {
      create: (id: string, body: string, opts?: CallOptions) =>
        this.call(opts, (init) =>
          this.client.POST('/v1/codes/{id}/comments', { params: { path: { id } }, body: { body }, ...init }).then(data),
        ),
      list: (id: string, opts?: CallOptions) =>
        pages((cursor) =>
          this.call(opts, (init) =>
            this.client
              .GET('/v1/codes/{id}/comments', { params: { path: { id }, query: at(cursor) }, ...init })
              .then(unwrap),
          ),
        ),
      delete: (id: string, commentId: string, opts?: CallOptions) =>
        this.call(opts, (init) =>
          this.client
            .DELETE('/v1/codes/{id}/comments/{comment_id}', {
              params: { path: { id, comment_id: commentId } },
              ...init,
            })
            .then(data),
        ),
    },
  };

  readonly scans = {
    /** Every scan of a code, newest first. */
    list: (codeId: string, query: Omit<Query<'listCodeScans'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client
            .GET('/v1/codes/{id}/scans', {
              params: { path: { id: codeId }, query: { ...query, ...at(cursor) } },
              ...init,
            })
            .then(unwrap),
        ),
      ),
    stats: (codeId: string, query: Query<'getCodeStats'> = {}, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.GET('/v1/codes/{id}/stats', { params: { path: { id: codeId }, query }, ...init }).then(data),
      ),
    /** A code's raw scans as CSV (columns in docs/codes.md), streamed. */
    exportCsv: (codeId: string, query: Query<'exportCodeScansCsv'> = {}, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client
          .GET('/v1/codes/{id}/scans.csv', { params: { path: { id: codeId }, query }, parseAs: 'stream', ...init })
          .then(unwrap),
      ).then((s) => s as unknown as ReadableStream<Uint8Array>),
    /** The workspace's raw scans in a date range as CSV, streamed. */
    exportWorkspaceCsv: (query: Query<'exportWorkspaceScansCsv'>, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.GET('/v1/scans.csv', { params: { query }, parseAs: 'stream', ...init }).then(unwrap),
      ).then((s) => s as unknown as ReadableStream<Uint8Array>),
  };

  readonly analytics = {
    /** Totals, scans over time, top codes and each dimension for the workspace (read from rollups). */
    get: (query: Query<'getWorkspaceAnalytics'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.GET('/v1/analytics', { params: { query }, ...init }).then(data)),
  };

  /**
   * Conversions reported after a scan, by the click id (`qrs_cid`) the redirect appended, and scans
   * forwarded to Google Analytics 4 (docs/conversions.md).
   */
  readonly conversions = {
    /** A lead, a sale (`amount` in minor units, `currency`) or an event of your own; a repeated `event_id` returns the first. */
    create: (body: Body<'createConversion'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/conversions', { body, ...init }).then(data)),
    /** The workspace's conversions, newest first. */
    list: (query: Omit<Query<'listConversions'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/conversions', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
    ga4: {
      /** Whether scans are forwarded; the API secret is never returned. */
      get: (opts?: CallOptions) => this.call(opts, (init) => this.client.GET('/v1/ga4', init).then(data)),
      set: (body: Body<'putGa4Settings'>, opts?: CallOptions) =>
        this.call(opts, (init) => this.client.PUT('/v1/ga4', { body, ...init }).then(data)),
      delete: (opts?: CallOptions) => this.call(opts, (init) => this.client.DELETE('/v1/ga4', init).then(data)),
    },
  };

  readonly folders = {
    /** A folder, or a campaign with `starts_on`/`ends_on` and UTM defaults its new codes inherit. */
    create: (body: Defaulted<Body<'createFolder'>, 'kind'>, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.POST('/v1/folders', { body: body as Body<'createFolder'>, ...init }).then(data),
      ),
    get: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.GET('/v1/folders/{id}', { params: { path: { id } }, ...init }).then(data)),
    update: (id: string, body: Body<'updateFolder'>, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.PATCH('/v1/folders/{id}', { params: { path: { id } }, body, ...init }).then(data),
      ),
    /** Only an empty folder: one with live codes or subfolders is a 409. */
    delete: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.DELETE('/v1/folders/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
    list: (query: Omit<Query<'listFolders'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/folders', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
    /** Moves many codes at once into a folder (`folder_id` null: out of every folder). */
    moveCodes: (body: Body<'moveCodes'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/codes/move', { body, ...init }).then(data)),
  };

  private operatorCalls: ReturnType<typeof operatorApi> | undefined;
  /** The operator's console (a session of an operator with two-factor sign-in); see operator.ts. */
  get operator() {
    return (this.operatorCalls ??= operatorApi(this.client, (opts, run) => this.call(opts, run)));
  }

  readonly gs1Prefixes = {
    /** Claims a GS1 company prefix (self-declared until the operator verifies it). */
    create: (body: Body<'createGs1Prefix'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/gs1-prefixes', { body, ...init }).then(data)),
    get: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.GET('/v1/gs1-prefixes/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
    delete: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.DELETE('/v1/gs1-prefixes/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
    list: (query: Omit<Query<'listGs1Prefixes'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/gs1-prefixes', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
  };

  readonly workspaces = {
    create: (body: Body<'createWorkspace'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/workspaces', { body, ...init }).then(data)),
    get: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.GET('/v1/workspaces/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
    update: (id: string, body: Body<'updateWorkspace'>, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.PATCH('/v1/workspaces/{id}', { params: { path: { id } }, body, ...init }).then(data),
      ),
    archive: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.DELETE('/v1/workspaces/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
    list: (query: Omit<Query<'listWorkspaces'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/workspaces', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
  };

  readonly apiKeys = {
    /** The secret (`api_key`) is in this answer only. */
    create: (body: Body<'createApiKey'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/api-keys', { body, ...init }).then(data)),
    get: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.GET('/v1/api-keys/{id}', { params: { path: { id } }, ...init }).then(data)),
    revoke: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.DELETE('/v1/api-keys/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
    list: (query: Omit<Query<'listApiKeys'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/api-keys', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
  };

  readonly auditLogs = {
    get: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.GET('/v1/audit-logs/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
    list: (query: Omit<Query<'listAuditLogs'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/audit-logs', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
  };

  readonly members = {
    /** Invites by e-mail address (adds nobody until the invitee accepts); answers the invitation. */
    add: (body: Body<'addMember'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/members', { body, ...init }).then(data)),
    get: (userId: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.GET('/v1/members/{user_id}', { params: { path: { user_id: userId } }, ...init }).then(data),
      ),
    update: (userId: string, body: Body<'updateMember'>, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.PATCH('/v1/members/{user_id}', { params: { path: { user_id: userId } }, body, ...init }).then(data),
      ),
    remove: (userId: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.DELETE('/v1/members/{user_id}', { params: { path: { user_id: userId } }, ...init }).then(data),
      ),
    list: (opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/members', { params: { query: at(cursor) }, ...init }).then(unwrap),
        ),
      ),
  };

  readonly invitations = {
    /** Pending invitations of the organization. */
    list: (opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/invitations', { params: { query: at(cursor) }, ...init }).then(unwrap),
        ),
      ),
    revoke: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.DELETE('/v1/invitations/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
  };

  readonly organizations = {
    /** The caller's organization. */
    get: (opts?: CallOptions) => this.call(opts, (init) => this.client.GET('/v1/organizations', init).then(data)),
    create: (body: Body<'createOrganization'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/organizations', { body, ...init }).then(data)),
    update: (id: string, body: Body<'updateOrganization'>, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.PATCH('/v1/organizations/{id}', { params: { path: { id } }, body, ...init }).then(data),
      ),
    delete: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.DELETE('/v1/organizations/{id}', { params: { path: { id } }, ...init }).then(data),
      ),
    usage: (opts?: CallOptions) =>
      this.call(opts, (init) => this.client.GET('/v1/organizations/usage', init).then(data)),
  };

  /** Single sign-on with OpenID Connect of an organization (its org_admin's session; docs/accounts.md). */
  readonly sso = {
    /** The connection; the client secret is never returned (`client_secret_set`). */
    get: (organizationId: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.GET('/v1/organizations/{id}/sso', { params: { path: { id: organizationId } }, ...init }).then(data),
      ),
    /** Sets it up or changes it; `client_secret` is needed the first time only. */
    set: (organizationId: string, body: Body<'putOrganizationSso'>, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client
          .PUT('/v1/organizations/{id}/sso', { params: { path: { id: organizationId } }, body, ...init })
          .then(data),
      ),
    delete: (organizationId: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client
          .DELETE('/v1/organizations/{id}/sso', { params: { path: { id: organizationId } }, ...init })
          .then(data),
      ),
    /** Where a browser starts signing in through the organization's identity provider (its slug). */
    startUrl: (organization: string) =>
      `${(this.options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '')}/auth/sso/start?organization=${encodeURIComponent(organization)}`,
  };

  readonly usage = {
    /** Live usage of the organization against its plan limits. */
    get: (opts?: CallOptions) => this.organizations.usage(opts),
  };

  readonly dpp = {
    create: (body: Body<'createPassport'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/dpp', { body, ...init }).then(data)),
    validate: (body: Body<'validatePassport'>, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.POST('/v1/dpp/validate', { body, ...init }).then(data)),
    get: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) => this.client.GET('/v1/dpp/{id}', { params: { path: { id } }, ...init }).then(data)),
    update: (id: string, body: Body<'updatePassport'>, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.PATCH('/v1/dpp/{id}', { params: { path: { id } }, body, ...init }).then(data),
      ),
    publish: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.POST('/v1/dpp/{id}/publish', { params: { path: { id } }, ...init }).then(data),
      ),
    archive: (id: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client.POST('/v1/dpp/{id}/archive', { params: { path: { id } }, ...init }).then(data),
      ),
    list: (query: Omit<Query<'listPassports'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client.GET('/v1/dpp', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
    versions: (id: string, opts?: CallOptions) =>
      pages((cursor) =>
        this.call(opts, (init) =>
          this.client
            .GET('/v1/dpp/{id}/versions', { params: { path: { id }, query: at(cursor) }, ...init })
            .then(unwrap),
        ),
      ),
    image: (id: string, format: ImageFormat = 'png', opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client
          .GET(`/v1/dpp/{id}/qr.${format}` as '/v1/dpp/{id}/qr.png', {
            params: { path: { id } },
            parseAs: 'arrayBuffer',
            ...init,
          })
          .then(unwrap),
      ).then((buf) => new Uint8Array(buf as ArrayBuffer)),
    grants: {
      create: (id: string, body: Body<'createPassportAccessGrant'>, opts?: CallOptions) =>
        this.call(opts, (init) =>
          this.client.POST('/v1/dpp/{id}/access-grants', { params: { path: { id } }, body, ...init }).then(data),
        ),
      list: (id: string, opts?: CallOptions) =>
        pages((cursor) =>
          this.call(opts, (init) =>
            this.client
              .GET('/v1/dpp/{id}/access-grants', { params: { path: { id }, query: at(cursor) }, ...init })
              .then(unwrap),
          ),
        ),
      revoke: (id: string, grantId: string, opts?: CallOptions) =>
        this.call(opts, (init) =>
          this.client
            .DELETE('/v1/dpp/{id}/access-grants/{grant_id}', { params: { path: { id, grant_id: grantId } }, ...init })
            .then(data),
        ),
    },
    /** The public view of a published passport (public: no API key; `token` is an access grant). */
    view: (
      gtin: string,
      serial: string,
      query: { token?: string | undefined; lot?: string | undefined } = {},
      opts?: CallOptions,
    ) =>
      this.call(opts, (init) =>
        this.client
          .GET('/dpp/{gtin}/{serial}', {
            params: { path: { gtin, serial }, query: query.lot ? { lot: query.lot } : {} },
            headers: { accept: 'application/json', ...(query.token ? { authorization: `Bearer ${query.token}` } : {}) },
            ...init,
          })
          .then(unwrap),
      ).then((body) => (body as unknown as Envelope<PassportView>).data),
    /** The public passport page as HTML (public). */
    page: (gtin: string, serial: string, opts?: CallOptions) =>
      this.call(opts, (init) =>
        this.client
          .GET('/dpp/{gtin}/{serial}', {
            params: { path: { gtin, serial } },
            headers: { accept: 'text/html' },
            parseAs: 'text',
            ...init,
          })
          .then(unwrap),
      ).then(String),
  };

  readonly resolver = {
    /** The RFC 9264 linkset of a battery's GS1 Digital Link (public). */
    linkset: (key: { gtin: string; serial: string; lot?: string | undefined }, opts?: CallOptions) =>
      this.call(opts, (init) =>
        (key.lot
          ? this.client.GET('/01/{gtin}/10/{lot}/21/{serial}', {
              params: { path: { gtin: key.gtin, lot: key.lot, serial: key.serial }, query: { linkType: 'linkset' } },
              ...init,
            })
          : this.client.GET('/01/{gtin}/21/{serial}', {
              params: { path: { gtin: key.gtin, serial: key.serial }, query: { linkType: 'linkset' } },
              ...init,
            })
        ).then(unwrap),
      ) as Promise<Linkset>,
  };

  readonly auth = {
    /** Signs in with e-mail and password (browser: the cookie is kept by the browser; send `credentials: 'include'` cross-origin). */
    signIn: async (email: string, password: string, opts?: CallOptions) => {
      const result = await this.call(opts, (init) =>
        this.client.POST('/auth/login', { body: { email, password }, ...init }).then(data),
      );
      this.csrfToken = result.csrf_token;
      return result;
    },
    signOut: async (opts?: CallOptions) => {
      await this.call(opts, (init) => this.client.POST('/auth/logout', init).then(unwrap));
      this.csrfToken = undefined;
    },
    me: async (opts?: CallOptions) => {
      const me = await this.call(opts, (init) => this.client.GET('/auth/me', init).then(data));
      this.csrfToken = me.csrf_token;
      return me;
    },
  };
}
