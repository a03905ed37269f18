import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';

// Acts as one browser against the test server: keeps the session cookies the server sets, and sends JSON
// with a content type only when there is a body (docs/product.md section 7).

/** An answer and its JSON body; `T` is what the test expects it to hold (nothing is checked at run time). */
export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
}

export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      this.cookies.set(name!.trim(), rest.join('='));
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Puts a session cookie signed as cookie-session (keygrip, HMAC-SHA1) would sign it. */
  setSession(secret: string, data: Record<string, unknown>) {
    const value = Buffer.from(JSON.stringify(data)).toString('base64');
    const signature = createHmac('sha1', secret)
      .update(`turnery.sid=${value}`)
      .digest('base64')
      .replace(/[/+=]/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c]!);
    this.cookies.set('turnery.sid', value);
    this.cookies.set('turnery.sid.sig', signature);
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
}

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

/** A browser signed in as the administrator: a live admin session row, named by the signed cookie (D16). */
export async function adminBrowser(server: { url: string; databaseUrl: string }): Promise<Browser> {
  const id = randomBytes(32).toString('hex');
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await client.query('insert into admin_session (id, created_at, last_seen_at) values ($1, now(), now())', [id]);
  } finally {
    await client.end();
  }
  const browser = new Browser(server.url);
  browser.setSession(TEST_SESSION_SECRET, { adminSessionId: id });
  return browser;
}
