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

/** Thrown for every non-2xx answer; carries the problem document the server sent. */
export class QrsError extends Error {
  readonly type: string;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly request_id: string | undefined;
  readonly problem: Problem;

  constructor(
    problem: Problem,
    readonly response?: Response,
  ) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`);
    this.name = 'QrsError';
    this.problem = problem;
    this.type = problem.type;
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
    this.request_id = problem.request_id ?? response?.headers.get('x-request-id') ?? undefined;
  }

  /** The last path segment of `type` (`validation-error`, `rate-limited`, …). */
  get code(): string {
    return this.type.split('/').pop() ?? this.type;
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
