import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Node 20 and 22 carry an AsyncLocalStorage's store into each new promise by a promise hook, which is on from the
 * first `run()` of any storage until every storage is disabled. MikroORM keeps its transactions and flushes in
 * storages of its own, so after the first of them (the start-up's migrations and seed) every promise of every
 * request paid for the hook for the rest of the process's life, though the checkout's statements never use the
 * ORM's context. This makes a storage step aside again once no `run()` of it is in progress: a `run()` whose callback
 * returns a promise counts as in progress until that promise settles, and when the last one settles the storage
 * is disabled (its `getStore()` answers undefined, as outside any run) until its next `run()` enables it. A storage
 * run with a callback that returns anything else (e.g. `next()` of a middleware, whose store must reach all the
 * request's later work), or entered with `enterWith()`, stays enabled for good, as Node leaves it.
 *
 * Nothing changes where Node carries contexts without hooks (`--experimental-async-context-frame` on Node 22, the
 * default from Node 24): that implementation has no `_enable`, and is left alone.
 */
export function releaseIdleAsyncContexts(): void {
  const prototype = AsyncLocalStorage.prototype as unknown as HookedStorage;
  if (typeof prototype._enable !== 'function' || patched.has(prototype.run)) return;
  const run = prototype.run;
  const released: HookedStorage['run'] = function (store, callback, ...args) {
    inProgress.set(this, (inProgress.get(this) ?? 0) + 1);
    let result: unknown;
    try {
      result = run.call(this, store, callback, ...args);
    } catch (error) {
      settled(this);
      throw error;
    }
    if (!(result instanceof Promise)) {
      kept.add(this);
      settled(this);
      return result;
    }
    // A new promise that settles as the callback's does, so a rejection nobody handles is still reported as one.
    return result.then(
      (value: unknown) => {
        settled(this);
        return value;
      },
      (error: unknown) => {
        settled(this);
        throw error;
      },
    );
  };
  const enterWith = prototype.enterWith;
  prototype.enterWith = function (store) {
    kept.add(this);
    enterWith.call(this, store);
  };
  patched.add(released);
  prototype.run = released;
}

/** The parts of Node's hooks-based AsyncLocalStorage used here (`_enable` is its own, internal). */
interface HookedStorage {
  _enable?: () => void;
  run: (this: HookedStorage, store: unknown, callback: (...args: unknown[]) => unknown, ...args: unknown[]) => unknown;
  enterWith: (this: HookedStorage, store: unknown) => void;
  disable: (this: HookedStorage) => void;
}

const patched = new WeakSet<object>();
/** How many runs of each storage are in progress. */
const inProgress = new WeakMap<object, number>();
/** Storages entered, or run with a callback that did not return a promise: their contexts may live on unseen. */
const kept = new WeakSet<object>();

function settled(storage: HookedStorage) {
  const left = (inProgress.get(storage) ?? 1) - 1;
  inProgress.set(storage, left);
  if (left === 0 && !kept.has(storage)) storage.disable();
}
