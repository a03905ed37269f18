import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoggedServer, type LoggedServer } from '../support/logged-server-process';
import { eventually } from '../support/eventually';

// Every request answered by the app, scripts' calculations included, writes one JSON line
// on standard output with the id its answer carries, the route's pattern (never the address) and the status. The
// server runs in its own process so its real output is read, buffered as it is in production (server/logger.ts).
let server: LoggedServer;
let url = '';

beforeAll(async () => {
  server = await startLoggedServer('reqlog');
  url = server.url;
});

afterAll(async () => {
  await server?.stop();
});

interface Line {
  reqId?: string;
  msg?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  level?: number;
}

const requestLines = (id: string): Line[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.reqId === id && (line.msg === 'request' || line.msg === 'request failed'));

/** The one request line of an answer, once it arrived. */
async function lineOf(response: Response): Promise<Line> {
  const id = response.headers.get('x-request-id');
  expect(id).toBeTruthy();
  const lines = await eventually(
    () => requestLines(id!),
    (found) => found.length > 0,
  );
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

const calculation = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/tax/calculate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('the request log', () => {
  it("writes one line for a script's calculation answered before express, and for a browser's through the app", async () => {
    const body = JSON.stringify({ amount: 123.45, state: 'NC' });
    const script = await calculation(body);
    expect(script.status).toBe(200);
    expect(await lineOf(script)).toMatchObject({ method: 'POST', route: '/api/tax/calculate', status: 200, level: 30 });

    const browser = await calculation(body, { origin: url });
    expect(browser.status).toBe(200);
    expect(await lineOf(browser)).toMatchObject({ method: 'POST', route: '/api/tax/calculate', status: 200 });
    expect(browser.headers.get('x-request-id')).not.toBe(script.headers.get('x-request-id'));
  });

  it("writes a refused calculation's status, and keeps a proxy's request id", async () => {
    const broken = await calculation('{"amount": 1,', { 'x-request-id': 'proxy-trace.42' });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('x-request-id')).toBe('proxy-trace.42');
    expect(await lineOf(broken)).toMatchObject({ route: '/api/tax/calculate', status: 400 });
  });

  it("names a read's route by its pattern, not its address", async () => {
    const missing = await fetch(`${url}/api/products/987654`);
    expect(missing.status).toBe(404);
    const line = await lineOf(missing);
    expect(line).toMatchObject({ method: 'GET', route: '/api/products/{id}', status: 404 });
    expect(JSON.stringify(line)).not.toContain('987654');
  });
});
