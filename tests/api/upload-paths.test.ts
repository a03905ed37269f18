import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

// Under /uploads/ there are images or nothing: a path that names no upload is a 404, never the client's page shell
// with 200 (which a scanner or a cache would take for a file). The shop runs with a client build of this test's own.
const SHELL = '<!doctype html><html><head><title>Turnery</title></head><body><div id="root"></div></body></html>';
let server: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnery-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  server = await startTestServer({}, { clientDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** GET of a path exactly as written: fetch would resolve the dot segments first, a scanner does not. */
function get(rawPath: string): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: rawPath }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', text }));
      })
      .on('error', reject);
  });
}

describe('paths under /uploads', () => {
  it('that name no upload are a 404 JSON error, not the page shell', async () => {
    // A page is a page (the shell, or the page rendered on the server where the client's server build exists).
    const page = await get('/about');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    const paths = [
      '/uploads',
      '/uploads/',
      '/uploads/%2e%2e/x',
      '/uploads/%2e%2e%2fpackage.json',
      '/uploads/....//x',
      '/uploads/a/b',
      '/uploads/0123456789abcdef0123456789abcdef.jpg',
    ];
    for (const rawPath of paths) {
      const answer = await get(rawPath);
      expect(answer.status, rawPath).toBe(404);
      expect(answer.type, rawPath).toContain('application/json');
      expect(JSON.parse(answer.text), rawPath).toMatchObject({ code: 'NOT_FOUND', message: 'No such image' });
    }
  });
});
