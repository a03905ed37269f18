// A second shop for a spec that drives a real provider's flow (PAYMENT_PROVIDER=square or paypal) against a local
// fake of that provider: the same server as the main e2e one (serve.ts: built client, fresh database, demo
// catalogue), on a port of its own, with the provider settings given.
import { spawn } from 'node:child_process';

export interface ProviderShop {
  url: string;
  stop(): Promise<void>;
}

export async function startProviderShop(port: number, settings: Record<string, string>): Promise<ProviderShop> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/serve.ts'], {
    env: { ...process.env, ...settings, E2E_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the provider shop did not start in 120 s:\n${output}`)), 120_000);
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
      reject(new Error(`the provider shop exited (${code}):\n${output}`));
    });
  });
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
