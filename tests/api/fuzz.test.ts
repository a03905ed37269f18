import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/trpc/app-router';
import { tableChecksums } from '../support/table-checksums';
import { startTestServer, type TestServer } from '../support/test-server';
import { BAD_PATH_VALUES, BAD_RAW_BODIES, BAD_VALUES, wrongBody } from './fuzz-inputs';

// Thousands of malformed requests across every REST path and tRPC procedure, anonymous and as the admin:
// none may answer 5xx, every 4xx must carry a JSON message, and no table may change.
let server: TestServer;
let adminCookie = '';
// Session rows are touched by signing in; everything else must stay byte-for-byte the same.
const NOT_CHECKED = ['admin_session'];

beforeAll(async () => {
  server = await startTestServer();
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: 'test-admin-password' }),
  });
  adminCookie = (login.headers.getSetCookie?.() ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
  // The second pass must really be the admin's, or the admin procedures would only ever see 401s.
  expect(await login.json()).toMatchObject({ success: true });
  expect(adminCookie).toContain('turnery.sid');
});
afterAll(() => server?.close());

interface Operation {
  method: string;
  path: string;
  bodyProperties: { name: string; type?: string }[];
  queryParameters: string[];
}

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[] };

async function operations(): Promise<Operation[]> {
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
    >;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const schema = operation.requestBody?.content['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        bodyProperties: Object.entries(schema?.properties ?? {}).map(([name, property]) => ({ name, type: property.type })),
        queryParameters: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      };
    }),
  );
}

/** Where an error answer keeps its text: REST and tRPC `{message}`, a batch `[{error: {message}}]`. */
type ErrorText = { message?: unknown; error?: { message?: unknown } };

// Requests that succeed by design whatever they carry, and would end the admin session for the rest of the run.
const isLogout = (path: string) => /logout/i.test(path);

function requestsFor(op: Operation): { url: string; init: RequestInit }[] {
  const out: { url: string; init: RequestInit }[] = [];
  const paths = op.path.includes('{') ? BAD_PATH_VALUES.map((v) => op.path.replace(/\{[^}]+\}/g, encodeURIComponent(v))) : [op.path];
  for (const [i, path] of paths.entries()) {
    const url = `${server.url}/api${path}`;
    if (op.method === 'GET' || op.method === 'DELETE') {
      const params = op.queryParameters.length > 0 ? op.queryParameters : ['id', 'search'];
      BAD_VALUES.forEach((value, j) => {
        const query = new URLSearchParams(
          params.map((name) => [name, typeof value === 'string' ? value.slice(0, 2000) : JSON.stringify(value)]),
        );
        if (j % 3 === 0 || paths.length === 1) out.push({ url: `${url}?${query}`, init: { method: op.method } });
      });
      if (op.method === 'GET' || i > 0) continue;
    }
    const names = op.bodyProperties.map((p) => p.name);
    BAD_VALUES.forEach((_, j) => {
      // The first property always gets a value of the wrong JSON type, so no body can be valid by chance.
      const first = op.bodyProperties[0];
      const body = wrongBody(
        names,
        (k) =>
          k === 0 && first
            ? first.type === 'object' || first.type === 'array'
              ? 'x'
              : { wrong: true }
            : BAD_VALUES[(j + k) % BAD_VALUES.length],
        j % 2 === 0,
      );
      out.push({ url, init: { method: op.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } });
    });
    for (const raw of BAD_RAW_BODIES) {
      out.push({ url, init: { method: op.method, headers: raw.contentType ? { 'content-type': raw.contentType } : {}, body: raw.body } });
    }
  }
  return out;
}

function trpcRequests(): { url: string; init: RequestInit }[] {
  const out: { url: string; init: RequestInit }[] = [];
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string; meta?: { openapi?: { path?: string } } } }
  >;
  for (const [name, procedure] of Object.entries(procedures)) {
    if (isLogout(name) || isLogout(procedure._def.meta?.openapi?.path ?? '')) continue;
    const inputs = [
      ...BAD_VALUES.filter((v) => v !== null && !(typeof v === 'object' && Object.keys(v).length === 0)),
      { id: 'abc' },
      { id: -1 },
    ];
    for (const input of inputs) {
      const json = JSON.stringify(input);
      if (procedure._def.type === 'query') {
        out.push({ url: `${server.url}/trpc/${name}?input=${encodeURIComponent(json.slice(0, 4000))}`, init: { method: 'GET' } });
      } else {
        out.push({
          url: `${server.url}/trpc/${name}`,
          init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: json },
        });
      }
    }
    out.push({
      url: `${server.url}/trpc/${name}`,
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' },
    });
  }
  return out;
}

describe('fuzzing every path and procedure with malformed input', () => {
  it('never answers 5xx, always explains a 4xx in JSON, and writes nothing', { timeout: 300_000 }, async () => {
    const before = await tableChecksums(server.databaseUrl, NOT_CHECKED);
    const ops = (await operations()).filter((op) => !isLogout(op.path));
    const requests = [...ops.flatMap(requestsFor), ...trpcRequests()];
    expect(requests.length).toBeGreaterThanOrEqual(2000);
    console.log(`fuzz: ${requests.length} malformed requests, sent anonymously and as the admin`);

    const failures: string[] = [];
    let sent = 0;
    for (const cookie of ['', adminCookie]) {
      // A few at a time: enough to be quick, few enough that the server is not the thing being tested.
      for (let i = 0; i < requests.length; i += 16) {
        await Promise.all(
          requests.slice(i, i + 16).map(async ({ url, init }) => {
            const response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
            sent += 1;
            const text = await response.text();
            const label = `${init.method} ${url.replace(server.url, '').slice(0, 120)} -> ${response.status}`;
            if (response.status >= 500) failures.push(`${label}: ${text.slice(0, 200)}`);
            else if (response.status >= 400 && response.status !== 405) {
              let message: unknown;
              try {
                const body = JSON.parse(text) as ErrorText & Partial<Record<0, ErrorText>>;
                message = body.message ?? body.error?.message ?? body[0]?.error?.message;
              } catch {
                message = undefined;
              }
              if (typeof message !== 'string' || message.length === 0) failures.push(`${label}: no JSON message: ${text.slice(0, 120)}`);
            }
          }),
        );
      }
    }
    expect(failures.slice(0, 20), `${failures.length} bad answers of ${sent}`).toEqual([]);
    expect(await tableChecksums(server.databaseUrl, NOT_CHECKED)).toEqual(before);
  });
});
