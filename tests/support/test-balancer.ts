import http from 'node:http';

/**
 * A load balancer as an operator would put in front of the shop (Caddy's `health_uri`, a cloud balancer's target
 * health): round robin over the instances its readiness checks find ready, kept-alive connections to each, no
 * retries. A request it cannot forward (connection refused or reset) is
 * answered 502 and recorded, so a test can assert none was lost.
 */
export async function startTestBalancer(backends: string[]) {
  const agents = new Map(backends.map((backend) => [backend, new http.Agent({ keepAlive: true, maxSockets: 64 })]));
  const ready = new Set(backends);
  const lost: string[] = [];
  let next = 0;

  // Each instance is checked in a loop of its own (one check at a time, 3 s to answer: a busy instance's check
  // waits for a database connection like any request); two failures in a row take it out, one success brings it
  // back, as Caddy's and cloud balancers' active health checks do.
  let checking = true;
  const watch = async (backend: string) => {
    let failures = 0;
    while (checking) {
      const ok = await fetch(`${backend}/api/health/ready`, { signal: AbortSignal.timeout(3000) })
        .then((response) => response.status === 200)
        .catch(() => false);
      failures = ok ? 0 : failures + 1;
      if (ok) ready.add(backend);
      else if (failures >= 2) ready.delete(backend);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const watching = backends.map((backend) => watch(backend));

  const server = http.createServer((req, res) => {
    const healthy = backends.filter((backend) => ready.has(backend));
    const backend = healthy[next++ % Math.max(1, healthy.length)];
    if (!backend) {
      lost.push(`${req.method} ${req.url}: no ready instance`);
      res.writeHead(502).end();
      return;
    }
    const upstream = http.request(
      `${backend}${req.url}`,
      { method: req.method, headers: req.headers, agent: agents.get(backend) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      lost.push(`${req.method} ${req.url} to ${backend}: ${error.code ?? error.message}`);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests that could not be forwarded: a refused or reset connection. */
    lost,
    async close() {
      checking = false;
      await Promise.all(watching);
      for (const agent of agents.values()) agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
