import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proceduresOf } from '../../server/rest/procedures';
import { appRouter } from '../../server/trpc/app-router';
import type { ShopMeta } from '../../server/trpc/init';
import { tableChecksums } from '../support/table-checksums';
import { startTestServer, type TestServer } from '../support/test-server';
import { BAD_PATH_VALUES, BAD_QUERY_TEXT, BAD_RAW_BODIES, BAD_UTF8_BODIES, BAD_VALUES, wrongBody } from './fuzz-inputs';

// Thousands of malformed requests across every REST path and tRPC procedure, anonymous and as the admin:
// none may answer 5xx, every 4xx must be JSON with a message and a reason (data.reason), and no table may change.
// Beside wrong types: bytes that are not UTF-8 (bodies, query values, paths), strings one character over their
// field's documented maximum, and query parameters an operation does not document.
let server: TestServer;
let adminCookie = '';
// Session rows are touched by signing in, and rate limits count well-formed requests naming ids that do not exist
// (a PayPal capture of order `abc` is counted, as card testing's made-up ids must be); everything else must stay
// byte-for-byte the same.
const NOT_CHECKED = ['admin_session', 'rate_limit'];

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
  bodyProperties: { name: string; type?: string; maxLength?: number }[];
  queryParameters: string[];
}

type Schema = { $ref?: string; type?: string; maxLength?: number; properties?: Record<string, Schema>; anyOf?: Schema[] };

async function operations(): Promise<Operation[]> {
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
    >;
    components: { schemas: Record<string, Schema> };
  };
  // Bodies are named schemas ($ref): read through to their fields.
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolve(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
  const maxLength = (schema: Schema | undefined): number | undefined =>
    resolve(schema)?.maxLength ??
    resolve(schema)
      ?.anyOf?.map(maxLength)
      .find((max) => max !== undefined);
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const schema = resolve(operation.requestBody?.content['application/json']?.schema);
      return {
        method: method.toUpperCase(),
        path,
        bodyProperties: Object.entries(schema?.properties ?? {}).map(([name, property]) => ({
          name,
          type: resolve(property)?.type,
          maxLength: maxLength(property),
        })),
        queryParameters: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      };
    }),
  );
}

/** Where an error answer keeps its text and reason: REST `{message, data}`, tRPC `{error: {message, data}}`, a batch `[...]`. */
type ErrorText = { message?: unknown; data?: { reason?: unknown }; error?: { message?: unknown; data?: { reason?: unknown } } };

// Requests that may succeed whatever they carry (signing out takes no input), and would end the admin session for
// the rest of the run.
const isLogout = (path: string) => /logout|sessions\/end-all|signOutEverywhere/i.test(path);

/** Whether the admin's cookie still opens an owner's operation. */
async function signedIn(cookie: string) {
  const response = await fetch(`${server.url}/api/admin/stats`, { headers: { cookie } });
  await response.arrayBuffer();
  return response.status === 200;
}

function requestsFor(op: Operation): { url: string; init: RequestInit }[] {
  const out: { url: string; init: RequestInit }[] = [];
  const paths = op.path.includes('{') ? BAD_PATH_VALUES.map((v) => op.path.replace(/\{[^}]+\}/g, encodeURIComponent(v))) : [op.path];
  // A parameter the operation does not document: refused (400 naming it), alone and beside a documented one, at
  // an address that is otherwise good (id 1).
  const good = `${server.url}/api${op.path.replace(/\{[^}]+\}/g, '1')}`;
  out.push({ url: `${good}?unexpectedParameter=1`, init: { method: op.method } });
  out.push({ url: `${good}?${op.queryParameters[0] ?? 'search'}=1&unexpectedParameter=1`, init: { method: op.method } });
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
      for (const text of BAD_QUERY_TEXT) out.push({ url: `${url}?${params[0]}=${text}`, init: { method: op.method } });
      if (op.method === 'GET' || i > 0) continue;
    }
    if (op.method === 'GET' || op.method === 'DELETE') continue;
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
    for (const body of BAD_UTF8_BODIES)
      out.push({ url, init: { method: op.method, headers: { 'content-type': 'application/json' }, body } });
    // Each text field one character over its documented maximum (the rest of the body left out).
    for (const { name, maxLength } of op.bodyProperties) {
      if (maxLength === undefined) continue;
      const body = JSON.stringify({ [name]: 'x'.repeat(maxLength + 1) });
      out.push({ url, init: { method: op.method, headers: { 'content-type': 'application/json' }, body } });
    }
  }
  return out;
}

/** Whether tRPC takes the procedure as a query (a GET); a mutation answers a GET with 405. */
async function isQuery(name: string): Promise<boolean> {
  const response = await fetch(`${server.url}/trpc/${name}?input=${encodeURIComponent('{}')}`);
  await response.arrayBuffer();
  return response.status !== 405;
}

async function trpcRequests(): Promise<{ url: string; init: RequestInit }[]> {
  const out: { url: string; init: RequestInit }[] = [];
  for (const [name, procedure] of Object.entries(proceduresOf(appRouter))) {
    if (isLogout(name) || isLogout((procedure.meta as ShopMeta | undefined)?.openapi?.path ?? '')) continue;
    const query = await isQuery(name);
    const inputs = [
      ...BAD_VALUES.filter((v) => v !== null && !(typeof v === 'object' && Object.keys(v).length === 0)),
      { id: 'abc' },
      { id: -1 },
    ];
    for (const input of inputs) {
      const json = JSON.stringify(input);
      if (query) {
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
    for (const body of BAD_UTF8_BODIES) {
      out.push({ url: `${server.url}/trpc/${name}`, init: { method: 'POST', headers: { 'content-type': 'application/json' }, body } });
    }
    if (query) {
      for (const text of BAD_QUERY_TEXT) out.push({ url: `${server.url}/trpc/${name}?input=${text}`, init: { method: 'GET' } });
    }
  }
  return out;
}

/** Requests that must never succeed, whatever else they carry: bytes that are not UTF-8, an unknown parameter. */
const hasBadText = (url: string) => BAD_QUERY_TEXT.some((text) => url.endsWith(`=${text}`)) || url.includes('unexpectedParameter=');

describe('fuzzing every path and procedure with malformed input', () => {
  it('never answers 5xx, always explains a 4xx in JSON, and writes nothing', { timeout: 300_000 }, async () => {
    const before = await tableChecksums(server.databaseUrl, NOT_CHECKED);
    const ops = (await operations()).filter((op) => !isLogout(op.path));
    const requests = [...ops.flatMap(requestsFor), ...(await trpcRequests())];
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
            else if (response.status >= 400) {
              let answer: { message?: unknown; data?: { reason?: unknown } } | undefined;
              try {
                const body = JSON.parse(text) as ErrorText & Partial<Record<0, ErrorText>>;
                answer = body.message !== undefined ? body : (body.error ?? body[0]?.error);
              } catch {
                answer = undefined;
              }
              if (!response.headers.get('content-type')?.startsWith('application/json')) failures.push(`${label}: not JSON`);
              if (typeof answer?.message !== 'string' || answer.message.length === 0) {
                failures.push(`${label}: no JSON message: ${text.slice(0, 120)}`);
              } else if (typeof answer.data?.reason !== 'string') failures.push(`${label}: no data.reason: ${text.slice(0, 160)}`);
            } else if (hasBadText(url)) failures.push(`${label}: undecodable or unknown input was accepted`);
          }),
        );
      }
    }
    expect(failures.slice(0, 20), `${failures.length} bad answers of ${sent}`).toEqual([]);
    // Every request of the second pass reached the owner's operations as the owner, not a 401.
    expect(await signedIn(adminCookie)).toBe(true);
    expect(await tableChecksums(server.databaseUrl, NOT_CHECKED)).toEqual(before);
  });
});
