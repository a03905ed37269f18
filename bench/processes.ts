import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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
  options: { readStdout?: boolean } = {},
): Promise<Started> {
  const args = entry.endsWith('.mjs') ? [...nodeArgs, entry] : [...nodeArgs, '--import', 'tsx', entry];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', options.readStdout ? 'pipe' : 'ignore', 'inherit'],
  });
  // Read and dropped, as a container runtime or process manager reads a service's log from a pipe.
  child.stdout?.resume();
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
  /** Requests answered in all. */
  requests: number;
  /** CPU time the server process used per answered request (user + system), when its pid was given (Linux). */
  cpuMicrosPerRequest?: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** CPU time a process has used so far, in microseconds (from /proc; undefined where there is none). */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the command name in parentheses): user and system time in ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;

/**
 * CPU time all PostgreSQL processes on this machine have used so far, in microseconds (undefined without /proc):
 * the database's share of a turn's work, which the server's own CPU does not show.
 */
export function postgresCpuMicros(): number | undefined {
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
        const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
        // Its own user and system time, and that of its children it reaped: the postmaster's are the backends that
        // have ended, whose time would otherwise vanish from the sum as they exit.
        total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } catch {
        // the process ended as it was read
      }
    }
  } catch {
    return undefined;
  }
  return (total * 1e6) / CLOCK_TICKS;
}

/**
 * Runs autocannon in a separate process (so load and server don't share an event loop) and reads its JSON.
 * With `serverPid`, also how much CPU the server used per request: unlike requests per second, that figure does not
 * depend on what else the machine's cores are doing at the time.
 */
export function autocannon(
  url: string,
  options: { connections: number; seconds: number; method?: string; body?: string; serverPid?: number; cpus?: string },
): Promise<LoadResult> {
  const cpuBefore = cpuMicros(options.serverPid);
  const args = ['node_modules/autocannon/autocannon.js', '-j', '-c', String(options.connections), '-d', String(options.seconds)];
  if (options.method) args.push('-m', options.method);
  if (options.body) args.push('-H', 'content-type=application/json', '-b', options.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = options.cpus ? ['taskset', ['-c', options.cpus, process.execPath, ...args]] : [process.execPath, args];
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        // The parts of autocannon's JSON result read here.
        const result = JSON.parse(output) as {
          requests: { average: number; total: number };
          latency: { p50: number; p99: number };
          errors: number;
          timeouts: number;
          non2xx: number;
        };
        const cpuAfter = cpuMicros(options.serverPid);
        resolve({
          requestsPerSecond: result.requests.average,
          requests: result.requests.total,
          cpuMicrosPerRequest:
            cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
              ? undefined
              : (cpuAfter - cpuBefore) / result.requests.total,
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

/**
 * Loads of equal length taken as one: requests per second and CPU per request over all of them, p50 their mean,
 * p99 the worst of them.
 */
export function combined(loads: LoadResult[]): LoadResult {
  const requests = loads.reduce((sum, load) => sum + load.requests, 0);
  const cpu = loads.every((load) => load.cpuMicrosPerRequest !== undefined)
    ? loads.reduce((sum, load) => sum + load.cpuMicrosPerRequest! * load.requests, 0) / Math.max(requests, 1)
    : undefined;
  return {
    requestsPerSecond: loads.reduce((sum, load) => sum + load.requestsPerSecond, 0) / loads.length,
    requests,
    cpuMicrosPerRequest: cpu,
    p50: Math.round(loads.reduce((sum, load) => sum + load.p50, 0) / loads.length),
    p99: Math.max(...loads.map((load) => load.p99)),
    errors: loads.reduce((sum, load) => sum + load.errors, 0),
    non2xx: loads.reduce((sum, load) => sum + load.non2xx, 0),
  };
}

/**
 * Whether processes can be held to given cores here (Linux's taskset, util-linux, and two cores or more): the read
 * bench then gives the server under load one core and its load generator the other.
 */
export function canPin(cores: number): boolean {
  if (cores < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Holds a process, all its threads, to the given cores (taskset's list, e.g. "1" or "0-1"). */
export function pin(pid: number | undefined, cpus: string): void {
  if (pid !== undefined) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** Stops a process where it stands (SIGSTOP): it uses no CPU and takes no jobs until it is thawed. */
export function freeze(pid: number | undefined): void {
  if (pid !== undefined) process.kill(pid, 'SIGSTOP');
}

/** Lets a frozen process run on (SIGCONT). */
export function thaw(pid: number | undefined): void {
  if (pid !== undefined) process.kill(pid, 'SIGCONT');
}
