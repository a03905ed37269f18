import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/admin-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Document {
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
}

// Real failures, each with the documented path and method it answers for.
const FAILURES: [string, string, string, unknown, number][] = [
  ['GET', '/products/999999', '/products/{id}', undefined, 404],
  ['GET', '/products/abc', '/products/{id}', undefined, 400],
  ['GET', '/admin/stats', '/admin/stats', undefined, 401],
  ['POST', '/contact', '/contact', { email: 'nope' }, 400],
  ['GET', '/orders/999999', '/orders/{id}', undefined, 404],
];

describe('the OpenAPI document tells the truth about errors', () => {
  it.each(FAILURES)('%s %s answers a documented status with the documented Error body', async (method, path, documented, body, status) => {
    const document = (await call(server, 'GET', '/openapi.json')).body as Document;
    const result = await call(server, method, path, { body });
    expect(result.status).toBe(status);
    const response = document.paths[documented]?.[method.toLowerCase()]?.responses[String(status)];
    expect(response, `${method} ${documented} documents ${status}`).toBeDefined();
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ components: document.components }, 'doc');
    const schema = JSON.parse(
      JSON.stringify(response!.content!['application/json']!.schema).replaceAll('"#/components', '"doc#/components'),
    ) as object;
    const validate = ajv.compile(schema);
    expect(validate(result.body), JSON.stringify(validate.errors)).toBe(true);
  });
});
