import http from 'node:http';
import https from 'node:https';
import { internalLiteralProblem, publicOnlyLookup } from './endpoint-url';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Refuse to connect to an internal address, given as an IP literal or a name (endpoint-url.ts). */
  publicOnly: boolean;
}

/** What the receiver did: answered (any status, with the start of its body), or never answered (the error). */
export type WebhookOutcome = { status: number; excerpt: string } | { error: string };

// What is kept of a receiver's answer for the owner to read (e.g. the error page of a 500).
const EXCERPT_BYTES = 500;

/**
 * One POST to a receiver. The timeout covers the whole exchange (connecting, sending, the answer's head and
 * body); a redirect is not followed (a 3xx is a failed delivery, as at Stripe: the endpoint must be the URL
 * that answers). Never rejects.
 */
export function postWebhook(request: WebhookRequest): Promise<WebhookOutcome> {
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  const refused = request.publicOnly ? internalLiteralProblem(url) : null;
  if (refused) return Promise.resolve({ error: `Not sent: ${refused}` });
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(request.timeoutMs);
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        signal,
        ...(request.publicOnly ? { lookup: publicOnlyLookup } : {}),
        // A fresh connection per delivery: nothing is kept open to receivers between events.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          resolve({ status: response.statusCode ?? 0, excerpt });
        });
        response.on('error', (error) => resolve({ error: describe(error, signal, request.timeoutMs) }));
      },
    );
    outgoing.on('error', (error) => resolve({ error: describe(error, signal, request.timeoutMs) }));
    outgoing.end(request.body);
  });
}

function describe(error: Error, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `No answer within ${timeoutMs / 1000} s`;
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}
