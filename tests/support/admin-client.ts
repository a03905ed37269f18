import type { TestServer } from './test-server';

export const TEST_ADMIN_PASSWORD = 'test-admin-password';

/** The cookies a response set, as one Cookie header value. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs in over the REST mirror and returns the session cookie. */
export async function signIn(server: TestServer, password = TEST_ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  const body = (await response.json()) as { success?: boolean };
  if (!body.success) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return cookiesOf(response);
}

/** A JSON request to the REST mirror, with the cookie when given; `T` is the body the test expects. */
export async function call<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, body: json as T, response };
}
