import net from 'node:net';

/**
 * The socket of each connection of the instance's pool (node-postgres' documented `stream` option): a plain `net.Socket` that
 * is closed when the database has left a question unanswered for `patienceMs` (a second beyond
 * DATABASE_QUERY_TIMEOUT_MS). node-postgres' own query timeout fails the query but keeps the connection, and queues
 * the next query behind the lost one; lent again, that connection would make the next request wait out a second
 * timeout, and after a failover every request until TCP gave up on the old peer, minutes later. A closed socket is a
 * connection node-postgres' pool no longer lends (it drops a connection that has ended), so the next request gets
 * a new connection. An idle connection, or one idle in a transaction, has asked nothing and is never given up on.
 *
 * Watched on public APIs only. A socket has no event for a write, so its byte counters are read every `tick`: bytes
 * written with no byte read since are a question waiting for its answer. An answer is seen as its 'data' event, before
 * node-postgres reads it (and asks its next question). Under TLS (node-postgres wraps this socket itself when `ssl` is
 * set) the socket's own 'data' events stay silent, but its counters still count the encrypted bytes, and closing it
 * closes the TLS connection on it; there an answer is seen at the next look, so a question asked within the same tick
 * as the answer before it is taken for answered: its connection is given up on one question later (that one fails
 * by the query timeout, the next one closes it).
 */
export function answerWatchingSocket(patienceMs: number, tickMs = Math.min(250, Math.ceil(patienceMs / 4))): net.Socket {
  const socket = new net.Socket();
  let read = 0;
  let written = 0;
  // When a question the database has not answered yet was first seen; undefined while nothing is asked.
  let askedAt: number | undefined;
  const answered = () => {
    read = socket.bytesRead;
    written = socket.bytesWritten;
    askedAt = undefined;
  };
  socket.on('data', answered);
  const watch = setInterval(() => {
    if (socket.bytesRead !== read) return answered();
    if (socket.bytesWritten === written) return;
    askedAt ??= Date.now();
    // The message matches isDatabaseUnavailable: the request waiting on this connection is told 503.
    if (Date.now() - askedAt >= patienceMs) socket.destroy(new Error('Connection terminated: the database did not answer in time'));
  }, tickMs).unref();
  socket.once('close', () => clearInterval(watch));
  return socket;
}

// Beyond the query timeout: node-postgres fails the query itself first (the ORM then rolls its transaction back), and
// what waits behind it on the connection, that rollback, fails at once when the socket closes.
const GRACE_MS = 1000;

/** node-postgres' connection option that gives each connection such a socket (none without a query timeout). */
export function answerWatch(queryTimeoutMs: number | undefined): { stream?: () => net.Socket } {
  return queryTimeoutMs === undefined ? {} : { stream: () => answerWatchingSocket(queryTimeoutMs + GRACE_MS) };
}
