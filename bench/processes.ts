import { spawn, type ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts an entry point in its own Node process (TypeScript through tsx; a built .mjs bundle as it is) and
 * waits until `readyUrl` answers.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
  nodeArgs: string[] = [],
): Promise<Started> {
  const args = entry.endsWith('.mjs') ? [...nodeArgs, entry] : [...nodeArgs, '--import', 'tsx', entry];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const response = await fetch(readyUrl);
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon in a separate process (so load and server don't share an event loop) and reads its JSON. */
export function autocannon(
  url: string,
  options: { connections: number; seconds: number; method?: string; body?: string },
): Promise<LoadResult> {
  const args = ['node_modules/autocannon/autocannon.js', '-j', '-c', String(options.connections), '-d', String(options.seconds)];
  if (options.method) args.push('-m', options.method);
  if (options.body) args.push('-H', 'content-type=application/json', '-b', options.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        // The parts of autocannon's JSON result read here.
        const result = JSON.parse(output) as {
          requests: { average: number };
          latency: { p50: number; p99: number };
          errors: number;
          timeouts: number;
          non2xx: number;
        };
        resolve({
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      } catch (error) {
        reject(new Error(`autocannon gave no result for ${url}: ${String(error)}`));
      }
    });
  });
}
