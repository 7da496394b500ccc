export interface FieldError {
  /** JSON pointer into the body, or /query/<name>, /params/<name>, /headers/<name> */
  pointer: string;
  detail: string;
  code: string;
}

interface ErrorType {
  status: number;
  title: string;
  /** shown on the /docs/errors/<type> page */
  description: string;
}

// The single table of error types (docs/decisions.md D3). Docs pages are generated from it.
export const ERROR_TYPES = {
  'bad-request': {
    status: 400,
    title: 'Bad Request',
    description:
      'The request could not be read: invalid JSON, a missing required field, or a malformed header such as Idempotency-Key.',
  },
  authentication: {
    status: 401,
    title: 'Unauthorized',
    description:
      'The API key or session is missing, malformed, unknown, expired or revoked. Send `Authorization: Bearer qrs_sk_…`.',
  },
  'two-factor-required': {
    status: 401,
    title: 'Two-Factor Code Required',
    description:
      'The e-mail address and password are right, and the account has two-factor sign-in on: send the login again with `code` (the 6-digit code of the authenticator app, or a recovery code).',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    description: 'The caller is authenticated but its role does not allow this operation, or a CSRF token is missing.',
  },
  'email-unverified': {
    status: 403,
    title: 'E-mail Unverified',
    description:
      'The user has not proved their e-mail address yet (EMAIL_VERIFICATION=required), and accepting or sending invitations, creating API keys, uploading files and logos and turning on two-factor sign-in need a proved address. Follow the link in the verification message; `resend` names the route that sends a new one.',
  },
  'two-factor-enrolment-required': {
    status: 403,
    title: 'Two-Factor Enrolment Required',
    description:
      "The organization requires two-factor sign-in (`settings.require_2fa`) and the session user has not turned it on. Enrol with `POST /auth/2fa/enrol` and `/auth/2fa/confirm`; until then the organization's routes answer this to the user's sessions (API keys are not affected). An operator without two-factor sign-in gets it from the operator's console (`/v1/operator/…`, docs/decisions.md D73).",
  },
  suspended: {
    status: 403,
    title: 'Suspended',
    description:
      "The server's operator suspended the organization (its members cannot sign in to it, its sessions and API keys get this answer) or disabled the user's account (they cannot sign in). The detail says which; the operator's support lifts it (docs/decisions.md D74).",
  },
  'sso-required': {
    status: 403,
    title: 'Single Sign-On Required',
    description:
      "An organization the user belongs to requires single sign-on (docs/decisions.md D80): its members sign in through the organization's identity provider, not with a password, and cannot reset one. `organization` names its slug; start at `GET /auth/sso/start?organization=<slug>`.",
  },
  'sso-failed': {
    status: 401,
    title: 'Single Sign-On Failed',
    description:
      'Signing in through the identity provider did not succeed: the provider refused or could not be reached, the sign-in expired or came back to another browser, or its ID token failed a check (signature, issuer, audience, expiry, nonce). `reason` says which step; nothing of a refused token is used. Start again.',
  },
  'plan-limit-exceeded': {
    status: 403,
    title: 'Plan Limit Exceeded',
    description: "The organization's plan does not allow more of this resource. The body names `plan` and `limit`.",
  },
  'not-found': {
    status: 404,
    title: 'Not Found',
    description: 'The resource or route does not exist, or belongs to another organization or workspace.',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method Not Allowed',
    description: 'The route exists but not for this HTTP method. The `Allow` header lists the methods it has.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    description:
      'The request conflicts with another: an Idempotency-Key reused with a different request, or one still in flight.',
  },
  'secret-not-replayable': {
    status: 409,
    title: 'Secret Not Replayable',
    description:
      'An Idempotency-Key was repeated for a request that already succeeded and whose answer held a secret (an API key, an access grant token, an initial password, a CSRF token). Secrets are shown once and never stored, so the answer cannot be replayed. `original_status` is the status of the first answer and `resource_id` the id it created, when there was one: look the resource up, or use a new Idempotency-Key to create another.',
  },
  'workspace-protected': {
    status: 409,
    title: 'Workspace Protected',
    description: "The default workspace and the caller's own workspace cannot be archived.",
  },
  gone: { status: 410, title: 'Gone', description: 'The resource existed but is no longer available.' },
  'payload-too-large': {
    status: 413,
    title: 'Payload Too Large',
    description: 'The request body exceeds the size limit.',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported Media Type',
    description: 'Request bodies must be `application/json`.',
  },
  'validation-error': {
    status: 422,
    title: 'Unprocessable Entity',
    description:
      'A value is present but invalid. The `errors` array names each problem with a JSON pointer, a message and a code.',
  },
  'rate-limited': {
    status: 429,
    title: 'Too Many Requests',
    description:
      'The rate limit of the window is used up. `Retry-After` says how many seconds to wait; `X-RateLimit-Reset` is when the window resets.',
  },
  internal: {
    status: 500,
    title: 'Internal Server Error',
    description: 'An unexpected error. It is logged with the request id; quote `request_id` when you report it.',
  },
  unavailable: {
    status: 503,
    title: 'Service Unavailable',
    description:
      'The database does not answer (a restart, a failover, an outage) or the service is shutting down. `Retry-After` says how many seconds to wait; retry then, with the same `Idempotency-Key` for a POST. `GET /v1/health` names the dependency that is down.',
  },
} as const satisfies Record<string, ErrorType>;

export type ErrorTypeName = keyof typeof ERROR_TYPES;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorTypeName,
    readonly detail: string,
    readonly extra: Record<string, unknown> & { errors?: FieldError[] } = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = ERROR_TYPES[type].status;
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new AppError('bad-request', detail, errors ? { errors } : {});
export const unauthenticated = (detail = 'A valid API key or session is required.') =>
  new AppError('authentication', detail);
export const forbidden = (detail = 'Your role does not allow this operation.') => new AppError('forbidden', detail);
export const notFound = (what = 'Resource') => new AppError('not-found', `${what} not found.`);
export const conflict = (detail: string) => new AppError('conflict', detail);
export const gone = (detail: string) => new AppError('gone', detail);

export function invalid(errors: FieldError[], detail = 'The request contains invalid values.'): AppError {
  return new AppError('validation-error', detail, { errors });
}

const anyRequired = (e: FieldError) => e.code === 'required';

/**
 * docs/decisions.md D3, the one place it is decided: a missing required field makes the request a 400
 * `bad-request`, anything else a 422 `validation-error`; both list every problem. `isMissing`
 * says which items are missing fields: by default every `required` item at any depth (schema
 * validation, codes); a passport counts only its envelope fields (docs/dpp.md).
 */
export function rejectFields(
  errors: FieldError[],
  detail?: string,
  isMissing: (e: FieldError) => boolean = anyRequired,
): AppError {
  return errors.some(isMissing)
    ? badRequest(detail ?? 'Required fields are missing.', errors)
    : invalid(errors, detail);
}

/** One invalid field, the common case in services. */
export function invalidField(pointer: string, detail: string, code = 'invalid'): AppError {
  return invalid([{ pointer, detail, code }], detail);
}
