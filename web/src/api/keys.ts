// Every TanStack Query key of the dashboard, built here and nowhere else (a query key factory), so
// a hook and the writes that make its data stale name the same key, and a prefix invalidates a
// whole family. Two scopes:
// - keys.* outside `ws`: data of the session, the user or the organization (the first element is
//   the resource), the same whichever workspace is chosen;
// - keys.ws(id).*: data of one workspace; the first element is the workspace id ('none' before one
//   is chosen), so a switch never shows another workspace's data and keys.ws(id).all covers it all.
// test/structure/dashboard-data-access.test.ts keeps `queryKey:` out of every file but web/src/api/.

/** An id as the session has it: none before sign-in. */
type Id = string | null | undefined;

/** Every query: for writes whose effects reach across resources (a code, a batch, a passport). */
const all = [] as const;

export const keys = {
  all,
  /** The signed-in user (GET /auth/me); null when signed out. */
  me: ['me'] as const,
  /** The server's role × action table. */
  permissions: ['permissions'] as const,
  billing: ['billing'] as const,
  /** The service's OpenAPI document, for the passport editor's schema form. */
  openapiSchemas: ['openapi-schemas'] as const,
  receivedInvitations: ['received-invitations'] as const,
  /** What an invitation link offers (GET /auth/invitations/preview), signed in or not. */
  invitationPreview: (token: string) => ['invitation-preview', token] as const,
  /** The person's notifications (the same whichever organization is chosen) and their settings. */
  notifications: {
    all: ['notifications'] as const,
    list: ['notifications', 'list'] as const,
    unread: ['notifications', 'unread'] as const,
    preferences: ['notifications', 'preferences'] as const,
  },
  privacyExport: (exportId: string | null) => ['privacy-export', exportId] as const,
  /** My data exports in the current organization. */
  privacyExports: ['privacy-exports'] as const,
  organization: {
    all: ['organization'] as const,
    detail: (orgId: Id) => ['organization', orgId] as const,
    /** its single sign-on connection (org_admin) */
    sso: (orgId: Id) => ['organization', orgId, 'sso'] as const,
  },
  workspaces: {
    all: ['workspaces'] as const,
    list: (orgId: Id) => ['workspaces', orgId] as const,
    /** A workspace's settings page (not scoped: it may name a workspace other than the chosen one). */
    detail: (id: string) => ['workspace', id] as const,
  },
  members: {
    all: ['members'] as const,
    list: (orgId: Id, wsId: Id) => ['members', orgId, wsId] as const,
  },
  invitations: {
    all: ['invitations'] as const,
    list: (orgId: Id) => ['invitations', orgId] as const,
  },
  gs1Prefixes: {
    list: (orgId: Id) => ['gs1-prefixes', orgId] as const,
  },
  /** The organization's standing access credentials to its passports (org_admin). */
  dppCredentials: (orgId: Id) => ['dpp-credentials', orgId] as const,
  /** What a passport category requires: the validator's answer to an empty passport. */
  dppRequired: (category: string) => ['dpp-required', category] as const,
  /**
   * The operator's console (not scoped: it reads every organization of the server). Screens other
   * than these add their own members under `operator`, so keys.operator.all covers the console.
   */
  operator: {
    all: ['operator'] as const,
    session: ['operator', 'session'] as const,
    organizations: (q: string) => ['operator', 'organizations', q] as const,
    organization: (id: string) => ['operator', 'organization', id] as const,
    health: ['operator', 'health'] as const,
    audit: (filter: unknown) => ['operator', 'audit', filter] as const,
    /** every organizations list and every audit page: what an account change invalidates */
    allOrganizations: ['operator', 'organizations'] as const,
    allAudit: ['operator', 'audit'] as const,
    invitations: (orgId: string) => ['operator', 'invitations', orgId] as const,
    users: (q: string) => ['operator', 'users', q] as const,
    allUsers: ['operator', 'users'] as const,
    operators: ['operator', 'operators'] as const,
  },
  /** The keys of one workspace. */
  ws: (ws: string) => ({
    all: [ws] as const,
    usage: [ws, 'usage'] as const,
    announcements: [ws, 'announcements'] as const,
    /** The chosen workspace's own record (Overview's time zone, Domains). */
    workspace: (id: string) => [ws, 'workspace', id] as const,
    analytics: (range: unknown, tz: string, folderId = '') => [ws, 'analytics', range, tz, folderId] as const,
    codes: {
      list: (filters: unknown) => [ws, 'codes', filters] as const,
      /** The overview's total: one code asked for, the count read. */
      count: [ws, 'overview-codes'] as const,
      thumbnails: (versions: string[]) => [ws, 'thumbs', versions] as const,
      detail: (id: string | undefined) => [ws, 'code', id] as const,
      stats: (id: string, range: unknown) => [ws, 'stats', id, range] as const,
      scans: (id: string) => [ws, 'scans', id] as const,
      ab: (id: string, range: unknown) => [ws, 'ab', id, range] as const,
      aliases: (id: string, shortCode: string | null | undefined) => [ws, 'aliases', id, shortCode] as const,
      comments: (id: string) => [ws, 'comments', id] as const,
      qr: (id: string, version: string | undefined) => [ws, 'qr', id, version] as const,
      preview: (body: unknown) => [ws, 'preview', body] as const,
    },
    folders: [ws, 'folders'] as const,
    /** The workspace's GA4 forwarding (docs/conversions.md). */
    ga4: [ws, 'ga4'] as const,
    /** A code's newest reported conversions. */
    conversions: (codeId: string) => [ws, 'conversions', codeId] as const,
    approvals: {
      list: (status: string) => [ws, 'approvals', status] as const,
      count: [ws, 'approvals', 'count'] as const,
    },
    files: {
      detail: (id: string | undefined) => [ws, 'file', id] as const,
    },
    logos: {
      all: [ws, 'logos'] as const,
      image: (id: string | null) => [ws, 'logo-image', id] as const,
    },
    brandKits: {
      all: [ws, 'brand-kits'] as const,
      preview: (body: unknown) => [ws, 'kit-preview', body] as const,
    },
    webhooks: {
      all: [ws, 'webhooks'] as const,
      /** Every webhook's deliveries: a test send adds one to the webhook it went to. */
      deliveries: [ws, 'webhook-deliveries'] as const,
      deliveriesOf: (id: string) => [ws, 'webhook-deliveries', id] as const,
    },
    apiKeys: {
      all: [ws, 'keys'] as const,
    },
    audit: {
      list: (filter: unknown) => [ws, 'audit', filter] as const,
    },
    passports: {
      list: (filters: unknown) => [ws, 'passports', filters] as const,
      detail: (id: string | undefined) => [ws, 'passport', id] as const,
      versions: (id: string) => [ws, 'passport-versions', id] as const,
      grants: (id: string) => [ws, 'passport-grants', id] as const,
      validation: (draft: unknown) => [ws, 'dpp-validate', draft] as const,
      /** A passport's dynamic readings, of one attribute or all (''). */
      readings: (id: string, attribute: string) => [ws, 'dpp-readings', id, attribute] as const,
    },
    /** Model passports (the GTIN level). */
    passportModels: {
      all: [ws, 'dpp-models'] as const,
      list: (filters: unknown) => [ws, 'dpp-models', 'list', filters] as const,
      detail: (id: string | undefined) => [ws, 'dpp-models', 'detail', id] as const,
    },
  }),
};

export type WsKeys = ReturnType<typeof keys.ws>;

/** A workspace-scoped key's resource name: usage is asked for in every workspace the session met. */
export const isUsageKey = (key: readonly unknown[]) => key[1] === 'usage';
/** Every query but the signed-in user, dropped on sign-out. */
export const isSessionKey = (key: readonly unknown[]) => key[0] === keys.me[0];
