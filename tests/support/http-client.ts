import http from 'node:http';
import type { JsonClient } from './fixtures';

// Plain node:http with kept-alive connections: fetch costs the load generator several times more CPU per
// request, and on 2 cores that CPU is taken from the server being measured.
const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A JSON client for load: POSTs to `baseUrl` over kept-alive connections (fixtures.ts's buyer uses it), by default
 * those of one agent shared by all such clients.
 */
export function keepAliveClient(baseUrl: string, agent: http.Agent = sharedAgent): JsonClient {
  return {
    post: <T>(path: string, body: unknown = {}) =>
      new Promise<{ status: number; body: T }>((resolve, reject) => {
        const payload = JSON.stringify(body);
        const request = http.request(
          `${baseUrl}${path}`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => {
              try {
                resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T });
              } catch (error) {
                reject(error instanceof Error ? error : new Error(String(error)));
              }
            });
          },
        );
        request.on('error', reject);
        request.end(payload);
      }),
  };
}
