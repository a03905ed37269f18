import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { releaseIdleAsyncContexts } from './async-context';

releaseIdleAsyncContexts();

/**
 * Node's own flag (async_hooks implementation): whether the storage's hooks are on. Every Node of package.json's
 * engines (20, 22) keeps storages with hooks, so the flag is always there to read.
 */
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

describe('releaseIdleAsyncContexts', () => {
  it('carries the store through awaits and timers while the run is in progress, then turns the storage off', async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const result = await storage.run('order 7', async () => {
      await sleep(5);
      seen.push(storage.getStore());
      await new Promise<void>((resolve) => setTimeout(resolve, 5));
      seen.push(storage.getStore());
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['order 7', 'order 7']);
    expect(storage.getStore()).toBeUndefined();
    expect(enabled(storage)).toBe(false);
  });

  it('keeps the storage on until the last of overlapping runs settles', async () => {
    const storage = new AsyncLocalStorage<string>();
    let finishFirst!: () => void;
    const gate = new Promise<void>((resolve) => (finishFirst = resolve));
    const first = storage.run('first', async () => {
      await gate;
      return storage.getStore();
    });
    const second = storage.run('second', async () => {
      await sleep(5);
      return storage.getStore();
    });
    expect(await second).toBe('second');
    expect(enabled(storage)).toBe(true);
    finishFirst();
    expect(await first).toBe('first');
    expect(enabled(storage)).toBe(false);
  });

  it('turns the storage on again for its next run', async () => {
    const storage = new AsyncLocalStorage<number>();
    await storage.run(1, async () => sleep(1));
    const later = await storage.run(2, async () => {
      await sleep(1);
      return storage.getStore();
    });
    expect(later).toBe(2);
  });

  it('passes a rejection on, still reported when nobody handles it, and turns the storage off', async () => {
    const storage = new AsyncLocalStorage<string>();
    const failing = storage.run('x', async () => {
      await sleep(1);
      throw new Error('declined');
    });
    await expect(failing).rejects.toThrow('declined');
    expect(enabled(storage)).toBe(false);

    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      void storage.run('y', () => Promise.reject(new Error('nobody listens')));
      await sleep(20);
    } finally {
      process.off('unhandledRejection', listener);
    }
    expect(unhandled).toEqual([expect.objectContaining({ message: 'nobody listens' })]);
  });

  it('leaves a storage on for good once a run returned no promise (a middleware whose store reaches later work)', async () => {
    const storage = new AsyncLocalStorage<string>();
    const later = new Promise<string | undefined>((resolve) => {
      storage.run('request 1', () => {
        setTimeout(() => resolve(storage.getStore()), 5);
      });
    });
    expect(await later).toBe('request 1');
    await storage.run('request 2', async () => sleep(1));
    expect(enabled(storage)).toBe(true);
  });

  it('leaves a storage on for good once it was entered with enterWith', async () => {
    const storage = new AsyncLocalStorage<string>();
    await new Promise<void>((resolve) => {
      setImmediate(() => {
        storage.enterWith('entered');
        setTimeout(() => {
          expect(storage.getStore()).toBe('entered');
          resolve();
        }, 1);
      });
    });
    await storage.run('run', async () => sleep(1));
    expect(enabled(storage)).toBe(true);
  });

  it('is applied once however often it is called', () => {
    const prototype = AsyncLocalStorage.prototype as unknown as { run: unknown };
    const run = prototype.run;
    releaseIdleAsyncContexts();
    expect(prototype.run).toBe(run);
  });
});
