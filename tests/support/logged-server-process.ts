import { spawn } from 'node:child_process';
import { inject } from 'vitest';
import { createScratchDatabase } from '../../server/db/scratch-database';

export interface LoggedServer {
  url: string;
  databaseUrl: string;
  /** Everything the server has written so far, standard output and error. */
  output(): string;
  /** SIGTERM, its exit awaited, then its database dropped. */
  stop(): Promise<void>;
}

/** tests/support/logged-server.ts in a process of its own on a fresh database, once it listens: its every log line can be read. */
export async function startLoggedServer(prefix: string): Promise<LoggedServer> {
  const database = await createScratchDatabase(inject('databaseServerUrl'), prefix);
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/logged-server.ts'], {
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return {
    url,
    databaseUrl: database.url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await database.drop();
    },
  };
}
