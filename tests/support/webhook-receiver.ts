import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { verifyTurneryWebhook } from '../../docs/examples/verify-webhook.mjs';

// An integrator's webhook receiver, the far side we don't own: a node:http server that keeps every request it gets
// and checks its signature with the verification code docs/api.md documents (docs/examples/verify-webhook.mjs).

export interface ReceivedWebhook {
  at: number;
  headers: IncomingHttpHeaders;
  /** The body's bytes as text, exactly as sent (what the signature covers). */
  raw: string;
  body: {
    id: string;
    type: string;
    created: string;
    data: { object: Record<string, unknown>; previousAttributes?: Record<string, unknown> };
  };
  /** Whether the documented verification accepted it with the receiver's secret at the time it arrived. */
  verified: boolean;
  /** What the receiver answered (0: it never answered). */
  answered: number;
}

export interface WebhookReceiver {
  /** Where the shop should POST, e.g. http://127.0.0.1:40123/hooks. */
  url: string;
  /** The endpoint's signing secret, set once the endpoint is registered. */
  secret: string;
  received: ReceivedWebhook[];
  /** The status each request is answered with; 'hang' never answers (the shop's timeout ends it). */
  answer: number | 'hang';
  /** Stops listening, so the shop's connections are refused, until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  let server: Server | undefined;
  let port = 0;
  const receiver: WebhookReceiver = {
    url: '',
    secret: '',
    received: [],
    answer: 200,
    down: () => stop(),
    up: () => listen(),
    close: () => stop(),
  };

  async function listen() {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const answer = receiver.answer;
        receiver.received.push({
          at: Date.now(),
          headers: request.headers,
          raw,
          body: JSON.parse(raw) as ReceivedWebhook['body'],
          verified: verifyTurneryWebhook(raw, request.headers['turnery-signature'] as string | undefined, receiver.secret),
          answered: answer === 'hang' ? 0 : answer,
        });
        if (answer === 'hang') return void hanging.add(response);
        response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'Receiver is having a bad day');
      });
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    receiver.url = `http://127.0.0.1:${port}/hooks`;
  }

  async function stop() {
    const closing = server;
    server = undefined;
    if (!closing) return;
    for (const socket of sockets) socket.destroy();
    hanging.clear();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await listen();
  return receiver;
}
