import type { AfterResponseMiddleware, BeforeRequestMiddleware, HttpResponse } from 'zapier-platform-core';

/** Every request carries the connection's API key (Hearback reads `X-Service-Key`). */
export const addApiKey: BeforeRequestMiddleware = (request, _z, bundle) => {
  request.headers = { ...request.headers, 'X-Service-Key': String(bundle.authData.apiKey ?? '') };
  return request;
};

interface Problem {
  detail?: string;
  title?: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

function problemOf(response: HttpResponse): Problem | undefined {
  try {
    const body = JSON.parse(response.content) as unknown;
    return typeof body === 'object' && body !== null ? (body as Problem) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns Hearback's `application/problem+json` answers into errors a Zap shows as they are: the
 * detail, each invalid field, and the stable `code`. A key the server refuses (401) is reported
 * as an expired connection, so Zapier asks the user to reconnect.
 */
export const throwProblems: AfterResponseMiddleware = (response, z) => {
  if (response.status < 400) return response;
  const problem = problemOf(response);
  const fields = (problem?.errors ?? []).map((error) => `${error.path}: ${error.message}`);
  const message = [problem?.detail ?? problem?.title ?? `Hearback answered ${response.status}.`, ...fields].join(' ');
  if (response.status === 401) throw new z.errors.ExpiredAuthError(message);
  throw new z.errors.Error(message, problem?.code ?? `http_${response.status}`, response.status);
};
