import net from 'node:net';

type WriteCallback = (error?: Error | null) => void;

/**
 * The socket of each of the ORM's connections (node-postgres' `stream` option): it gives up on a database that has
 * left a request unanswered for `patienceMs` (a second beyond DATABASE_QUERY_TIMEOUT_MS) and closes itself.
 * node-postgres' own query timeout fails the query but keeps the socket, and queues the next query behind the lost
 * one; lent again, that connection would make the next request wait out a second timeout, and after a failover
 * every request until TCP gave up on the old peer, minutes later. A closed socket is a connection knex's pool no
 * longer lends (it listens for its connections' errors and ends), so the next request gets a new connection.
 * An idle connection, or one idle in a transaction, has asked nothing and is never given up on.
 * Under TLS the encrypted bytes bypass this socket's own reads and writes: there only the query timeout applies.
 */
export class AnswerWatchingSocket extends net.Socket {
  private unanswered: NodeJS.Timeout | undefined;

  constructor(private readonly patienceMs: number) {
    super();
    this.on('data', () => this.answered());
    this.on('close', () => this.answered());
  }

  // Writable's implementation hooks: every write reaches one of them (write() itself is reset by net.Socket.connect).
  override _write(chunk: unknown, encoding: BufferEncoding, callback: WriteCallback): void {
    this.awaitAnswer();
    super._write(chunk, encoding, callback);
  }

  override _writev(chunks: { chunk: unknown; encoding: BufferEncoding }[], callback: WriteCallback): void {
    this.awaitAnswer();
    super._writev!(chunks, callback);
  }

  private awaitAnswer() {
    if (this.unanswered) return;
    // The message matches isDatabaseUnavailable: the request waiting on this connection is told 503.
    const giveUp = () => this.destroy(new Error('Connection terminated: the database did not answer in time'));
    this.unanswered = setTimeout(giveUp, this.patienceMs).unref();
  }

  private answered() {
    clearTimeout(this.unanswered);
    this.unanswered = undefined;
  }
}

// Beyond the query timeout: node-postgres fails the query itself first (knex then rolls its transaction back), and
// what waits behind it on the connection, that rollback, fails at once when the socket closes.
const GRACE_MS = 1000;

/** node-postgres' connection option that gives each connection such a socket (none without a query timeout). */
export function answerWatch(queryTimeoutMs: number | undefined): { stream?: () => net.Socket } {
  return queryTimeoutMs === undefined ? {} : { stream: () => new AnswerWatchingSocket(queryTimeoutMs + GRACE_MS) };
}
