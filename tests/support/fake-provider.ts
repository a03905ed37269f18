import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A local stand-in for a payment provider's HTTP API (the edge we don't own). Tests script it: what each
// route answers, and whether the next requests are dropped mid-flight like a failing network (before the
// provider acts, or after it acted and before its answer arrives).

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON when sent as JSON, otherwise the text; a test reads it as the provider's documented request. */
  body: unknown;
}

/** A route's answer, or 'hang': the request is held unanswered (a provider that never replies) until stop(). */
export type Route = (request: RecordedRequest) => { status: number; body: unknown } | 'hang';

export class FakeProvider {
  readonly requests: RecordedRequest[] = [];
  /** How many of the next requests are dropped before the provider acts on them: nothing happened there. */
  dropNext = 0;
  /**
   * How many of the next requests the provider acts on (takes the money, makes the refund) and then loses the
   * answer of: the connection drops where the answer would have been.
   */
  dropAnswerNext = 0;
  private server: Server | undefined;
  url = '';

  constructor(private readonly route: Route) {}

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const contentType = req.headers['content-type'] ?? '';
    const body: unknown = contentType.includes('json') && text ? JSON.parse(text) : text;
    const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
    this.requests.push(request);
    if (this.dropNext > 0) {
      this.dropNext -= 1;
      req.socket.destroy();
      return;
    }
    const answer = this.route(request);
    if (this.dropAnswerNext > 0) {
      this.dropAnswerNext -= 1;
      req.socket.destroy();
      return;
    }
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  }
}
