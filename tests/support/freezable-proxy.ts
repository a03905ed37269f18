import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';

// PostgreSQL's SSLRequest: a client asks for TLS with these 8 bytes before anything else.
const SSL_REQUEST_CODE = 80877103;

/** A self-signed certificate for localhost, for tests only (a proxy that speaks TLS to the shop). */
export const testCertificate = () => ({
  key: fs.readFileSync(new URL('tls/localhost-key.pem', import.meta.url)),
  cert: fs.readFileSync(new URL('tls/localhost-cert.pem', import.meta.url)),
});

/**
 * A TCP proxy that can be frozen: sockets stay open but nothing is forwarded (a network partition), until it
 * is thawed and what waited is delivered. With `secure`, it answers PostgreSQL's SSLRequest and speaks TLS to the
 * client (with `secure`'s certificate), plain TCP to the database: a DATABASE_URL with TLS, as a hosted database has.
 */
export async function startFreezableProxy(target: { host: string; port: number }, secure?: { key: Buffer; cert: Buffer }) {
  const pairs: [net.Socket, net.Socket][] = [];
  let frozen = false;
  const forward = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    pairs.push([client, upstream]);
    client.pipe(upstream);
    upstream.pipe(client);
    // After pipe(), which resumes its source.
    if (frozen) {
      client.pause();
      upstream.pause();
    }
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  };
  const server = net.createServer((client) => {
    if (!secure) return forward(client);
    // node-postgres sends the SSLRequest alone and waits for 'S' before its TLS handshake.
    client.once('data', (request) => {
      if (request.length !== 8 || request.readInt32BE(4) !== SSL_REQUEST_CODE) return client.destroy();
      client.write('S');
      forward(new tls.TLSSocket(client, { isServer: true, ...secure }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    freeze() {
      frozen = true;
      for (const pair of pairs) pair.forEach((socket) => socket.pause());
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) pair.forEach((socket) => socket.resume());
    },
    async close() {
      for (const pair of pairs) pair.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
