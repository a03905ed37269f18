// A shop process for the browser tests (serve.ts: built client, a fresh database copied from the run's migrated
// template, demo catalogue) on a port of its own: each worker's shop (global-setup.ts), and the second shop of a
// spec that drives a real provider's flow (PAYMENT_PROVIDER=square or paypal) against a local fake, or a staging shop.
import { spawn } from 'node:child_process';

export interface ShopProcess {
  url: string;
  stop(): Promise<void>;
}

/** Starts serve.ts with `settings` over this process's environment; `echo` copies its output to this process's. */
export async function startShop(port: number, settings: Record<string, string>, options: { echo?: boolean } = {}): Promise<ShopProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/serve.ts'], {
    env: { ...process.env, ...settings, E2E_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the shop on port ${port} did not start in 120 s:\n${output}`));
    }, 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const started = /e2e server at (http:\/\/\S+)/.exec(output);
      if (started) {
        clearTimeout(timer);
        resolve(started[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop on port ${port} exited (${code}):\n${output}`));
    });
  });
  if (options.echo) {
    child.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
