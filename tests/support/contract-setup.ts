import { afterAll, expect } from 'vitest';

// Every test file's fetch calls to a local server's /api are checked against the API document (contract.ts); the
// file fails at its end if any answer broke the contract. Unit tests, which send none, load nothing more.

const problems: string[] = [];
// Files that share a worker (vitest.config.ts: isolate false) run this file each: every one wraps the original
// fetch, kept here by the first, not the wrapper the file before it left.
const ORIGINAL = Symbol.for('turnery.originalFetch');
const kept = globalThis as typeof globalThis & { [ORIGINAL]?: typeof fetch };
const originalFetch = (kept[ORIGINAL] ??= globalThis.fetch);
let check: typeof import('./contract').contractProblem | undefined;

globalThis.fetch = async (input, init) => {
  const response = await originalFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!/^(localhost|127\.0\.0\.1)$/.test(url.hostname) || !url.pathname.startsWith('/api/')) return response;
  check ??= (await import('./contract')).contractProblem;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const text = await response.clone().text();
  const problem = check(method, url, response.status, response.headers.get('content-type') ?? '', text);
  if (problem && !problems.includes(problem)) problems.push(problem);
  return response;
};

afterAll(() => {
  expect(problems, `answers that break the API document:\n${problems.join('\n')}`).toEqual([]);
});
