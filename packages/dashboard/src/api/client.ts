import { createHearbackClient, type FieldError, isProblem, type Problem } from '@hearback/client';

/**
 * The typed API client. Same origin as the app: the session cookie goes with every request and
 * writes carry the page's Origin, which is what the server's CSRF check asks for.
 */
export const api = createHearbackClient({ baseUrl: window.location.origin });

/** A failed API call, as thrown into TanStack Query: the problem document the server answered. */
export class ApiProblem extends Error {
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiProblem';
    this.problem = problem;
  }
  get status(): number {
    return this.problem.status;
  }
  get code(): string {
    return this.problem.code;
  }
  /** The field errors of a 400, by path (`name`, `questions.2.title`). */
  fieldErrors(): Map<string, string> {
    const errors: FieldError[] = this.problem.errors ?? [];
    return new Map(errors.map((error) => [error.path, error.message]));
  }
}

/** A response that was not a problem document (a proxy's error page, a dropped connection). */
function unexpected(response: Response): Problem {
  return {
    type: 'about:blank',
    title: 'Unexpected response',
    status: response.status,
    code: 'unexpected_response',
    detail: `The server answered ${response.status} ${response.statusText} without a problem document.`,
  } as unknown as Problem;
}

/**
 * The data of a client call, or an {@link ApiProblem} thrown: what a query or mutation function returns.
 *
 * @example
 * queryFn: () => dataOf(api.GET('/account')),
 */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw new ApiProblem(isProblem(error) ? error : unexpected(response));
  return data as T;
}
