/** One invalid field of a request: a JSON pointer, a message and a stable code. */
export interface FieldError {
  pointer: string;
  detail: string;
  code: string;
}

/** The RFC 7807 problem document every qrs error is. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  request_id?: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

const codeOf = (type: string) => type.split('/').pop() ?? type;

/**
 * One line: `422 validation-error /url: must be an absolute http or https URL (+1 more)`, or
 * `404 not-found: Code not found.` without field errors.
 */
function shortMessage(problem: Problem): string {
  const head = `${problem.status} ${codeOf(problem.type ?? 'about:blank')}`;
  const [first, ...rest] = problem.errors ?? [];
  if (!first) return `${head}: ${problem.detail ?? problem.title}`;
  return `${head} ${first.pointer}: ${first.detail}${rest.length ? ` (+${rest.length} more)` : ''}`;
}

/** Thrown for every non-2xx answer; carries the problem document the server sent. */
export class QrsError extends Error {
  readonly type: string;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly request_id: string | undefined;
  declare readonly problem: Problem;
  declare readonly response: Response | undefined;

  constructor(problem: Problem, response?: Response) {
    super(shortMessage(problem));
    this.name = 'QrsError';
    // Kept, but not enumerable: printing the error shows its fields, not 60 lines of Response.
    Object.defineProperty(this, 'problem', { value: problem, enumerable: false });
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
    this.type = problem.type;
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
    this.request_id = problem.request_id ?? response?.headers.get('x-request-id') ?? undefined;
  }

  /** The last path segment of `type` (`validation-error`, `rate-limited`, …). */
  get code(): string {
    return codeOf(this.type);
  }

  /** A QrsError from any failed response, problem document or not. */
  static async from(response: Response, body?: unknown): Promise<QrsError> {
    let problem = body as Problem | undefined;
    if (!problem || typeof problem !== 'object' || typeof problem.status !== 'number') {
      const text = body === undefined ? await response.text().catch(() => '') : String(body ?? '');
      problem = {
        type: 'about:blank',
        title: response.statusText || 'Error',
        status: response.status,
        detail: text.slice(0, 500) || `HTTP ${response.status}`,
      };
    }
    return new QrsError(problem, response);
  }
}

/**
 * A call that took longer than its `timeout` (retries and waits between them included). A call
 * aborted through its own `signal` rejects with that signal's reason instead.
 */
export class QrsTimeoutError extends Error {
  /** The timeout in ms. */
  readonly timeout: number;

  constructor(timeout: number, request?: { method: string; url: string }) {
    const what = request ? `${request.method} ${new URL(request.url).pathname} ` : '';
    super(`${what}took longer than its ${timeout} ms timeout`);
    this.name = 'QrsTimeoutError';
    this.timeout = timeout;
  }
}
