import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The log is buffered per turn of the event loop (logger.ts): these run a process that logs and read its real
// standard output, as a process manager would.
const LOGGER = new URL('./logger.ts', import.meta.url).pathname;

function run(script: string, onLine?: (line: string, stop: () => void) => void): Promise<{ lines: string[]; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOGGER },
  });
  let text = '';
  const lines: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    const complete = text.split('\n');
    text = complete.pop()!;
    for (const line of complete) {
      lines.push(line);
      onLine?.(line, () => child.kill('SIGKILL'));
    }
  });
  child.stderr.resume();
  return new Promise((resolve) => child.once('close', (code) => resolve({ lines, code })));
}

const messages = (lines: string[]) => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
const logger = `const { createLogger } = await import(process.env.LOGGER); const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' });`;

describe('the log on standard output', () => {
  it('writes every line of a busy turn, one JSON object a line', async () => {
    const { lines } = await run(`${logger} for (let i = 0; i < 500; i += 1) logger.info({ i }, 'line ' + i);`);
    expect(messages(lines)).toEqual(Array.from({ length: 500 }, (_, i) => `line ${i}`));
  });

  it('writes a line at the end of its turn, while the process goes on running', async () => {
    // The process would run for a minute: the line must arrive long before, and the test then stops it.
    const { lines } = await run(`${logger} logger.info('still running'); setTimeout(() => {}, 60_000);`, (line, stop) => {
      if (line.includes('still running')) stop();
    });
    expect(messages(lines)).toEqual(['still running']);
  });

  it('keeps the lines written just before a crash and just before process.exit', async () => {
    const crash = await run(`${logger} logger.info('before'); logger.error('about to fail'); throw new Error('boom');`);
    expect(crash.code).not.toBe(0);
    expect(messages(crash.lines)).toEqual(['before', 'about to fail']);

    const exit = await run(`${logger} logger.info('last words'); process.exit(3);`);
    expect(exit.code).toBe(3);
    expect(messages(exit.lines)).toEqual(['last words']);
  });
});
