import net from 'node:net';

/**
 * A TCP proxy that can be frozen: sockets stay open but nothing is forwarded (a network partition), until it
 * is thawed and what waited is delivered.
 */
export async function startFreezableProxy(target: { host: string; port: number }) {
  const pairs: [net.Socket, net.Socket][] = [];
  let frozen = false;
  const server = net.createServer((client) => {
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
