import { TRPCError, initTRPC } from '@trpc/server';
import { callProcedure } from '@trpc/server/unstable-core-do-not-import';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { procedureRunner, steppedMiddleware } from './run-procedure';
import { rowList } from './wire-schemas';

// A procedure's runner must answer exactly what tRPC's own callProcedure answers: the same data, or the same error.
const t = initTRPC.context<{ user?: string; calls: string[] }>().create();
const logged = t.procedure.use(async ({ ctx, next, path }) => {
  ctx.calls.push(`before ${path}`);
  const result = await next();
  ctx.calls.push(`after ${path} ${result.ok ? 'ok' : result.error.code}`);
  return result;
});
const signedIn = logged.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in' });
  return next({ ctx: { user: ctx.user.toUpperCase(), role: 'owner' } });
});
// Stepped middlewares (as the shop's publicProcedure has): run in line by the REST mirror, around next() by tRPC.
const stepped = t.procedure
  .use(
    t.middleware(
      steppedMiddleware<{ user?: string; calls: string[] }>({
        after: ({ ctx, path }, result) => {
          ctx.calls.push(`after ${path} ${result.ok ? 'ok' : result.error.code}`);
          if (!result.ok && result.error.message === 'database down')
            throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'later' });
          return result;
        },
      }),
    ),
  )
  .use(
    t.middleware(
      steppedMiddleware<{ user?: string; calls: string[] }>({
        before: ({ ctx, path, rawInput }) => {
          ctx.calls.push(`before ${path}`);
          if (JSON.stringify(rawInput ?? null).includes('\\u0000')) throw new TRPCError({ code: 'BAD_REQUEST', message: 'no NUL' });
        },
      }),
    ),
  );
const ROWS = [
  { id: 1, name: 'a' },
  { id: 2, name: 'b' },
];
const router = t.router({
  add: logged
    .input(z.object({ a: z.number(), b: z.number() }))
    .output(z.object({ sum: z.number() }))
    .mutation(({ input }) => ({ sum: input.a + input.b })),
  whoami: signedIn.input(z.object({ greeting: z.string() })).query(({ ctx, input }) => `${input.greeting}, ${ctx.user} (${ctx.role})`),
  badOutput: logged.output(z.object({ n: z.number() })).query(() => ({ n: 'not a number' }) as unknown as { n: number }),
  throws: logged.query(() => {
    throw new Error('database down');
  }),
  // An asynchronous refinement: its schema cannot be checked synchronously.
  slowCheck: logged
    .input(z.object({ name: z.string().refine(async (name) => Promise.resolve(name !== 'taken'), 'is taken') }))
    .query(({ input }) => input.name),
  merged: logged
    .input(z.object({ a: z.string() }))
    .input(z.object({ b: z.string().transform((b) => b.length) }))
    .query(({ input }) => input),
  steppedAdd: stepped
    .input(z.object({ a: z.number(), b: z.number() }))
    .output(z.object({ sum: z.number() }))
    .mutation(({ input }) => ({ sum: input.a + input.b })),
  steppedWait: stepped
    .input(z.object({ a: z.string() }))
    .input(z.object({ b: z.string().transform((b) => b.length) }))
    .query(async ({ input, ctx }) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      ctx.calls.push('resolved');
      return input;
    }),
  steppedThrows: stepped.query(() => {
    throw new Error('database down');
  }),
  steppedRejects: stepped.query(() => Promise.reject(new TRPCError({ code: 'NOT_FOUND', message: 'no such thing' }))),
  steppedBadOutput: stepped.output(z.object({ n: z.number() })).query(() => ({ n: 'not a number' }) as unknown as { n: number }),
  steppedSlowCheck: stepped
    .input(z.object({ name: z.string().refine(async (name) => Promise.resolve(name !== 'taken'), 'is taken') }))
    .query(({ input }) => input.name),
  // Lists of rows, checked on the way out by their first item.
  rows: stepped.output(rowList(z.object({ id: z.number(), name: z.string() }))).query(() => ROWS),
  rowsExtraField: stepped
    .output(rowList(z.object({ id: z.number(), name: z.string() })))
    .query(() => [{ id: 1, name: 'a', secret: 'x' }, ...ROWS]),
  rowsBadFirst: stepped
    .output(rowList(z.object({ id: z.number(), name: z.string() })))
    .query(() => [{ id: 'one', name: 'a' }, ...ROWS] as unknown as typeof ROWS),
  rowsNotAList: stepped.output(rowList(z.object({ id: z.number() }))).query(() => ({ id: 1 }) as unknown as { id: number }[]),
  // A middleware that is not stepped: the chain runs it.
  steppedThenSigned: stepped.use(({ ctx, next }) => next({ ctx: { user: `${ctx.user ?? 'nobody'}!` } })).query(({ ctx }) => ctx.user),
});

async function both(path: keyof typeof router._def.procedures, input: unknown, user?: string) {
  const procedure = router._def.procedures[path];
  const call = async (run: (ctx: { user?: string; calls: string[] }) => unknown) => {
    const ctx = { user, calls: [] as string[] };
    try {
      return { data: await run(ctx), calls: ctx.calls };
    } catch (error) {
      const { code, message, cause } = error as TRPCError;
      const issues = (cause as { issues?: unknown } | undefined)?.issues;
      return { error: { code, message, cause: cause?.name, issues, type: (error as Error).constructor.name }, calls: ctx.calls };
    }
  };
  const opts = (ctx: { user?: string; calls: string[] }) => ({
    path,
    type: procedure._def.type,
    ctx,
    getRawInput: () => Promise.resolve(input),
    signal: undefined,
    batchIndex: 0,
  });
  const trpcs = await call((ctx) => callProcedure({ router, ...opts(ctx) }));
  // Through the chain (no raw input at hand, as tRPC's callers), and as the REST mirror calls it (in line when it can).
  const chained = await call((ctx) => procedureRunner(procedure)(opts(ctx)));
  const inline = await call((ctx) => procedureRunner(procedure)({ ...opts(ctx), rawInput: input }));
  expect(chained).toEqual(trpcs);
  expect(inline).toEqual(trpcs);
  return inline;
}

describe('procedureRunner', () => {
  it('answers the data with every middleware run in order', async () => {
    expect(await both('add', { a: 2, b: 3 })).toEqual({ data: { sum: 5 }, calls: ['before add', 'after add ok'] });
    expect((await both('whoami', { greeting: 'Hello' }, 'ada')).data).toBe('Hello, ADA (owner)');
    expect((await both('merged', { a: 'x', b: 'four' })).data).toEqual({ a: 'x', b: 4 });
    expect((await both('slowCheck', { name: 'free' })).data).toBe('free');
  });

  it('answers the same errors: bad input, a middleware refusing, bad output, a fault', async () => {
    const badInput = await both('add', { a: 2, b: 'three' });
    expect(badInput.error).toMatchObject({ code: 'BAD_REQUEST', cause: 'ZodError', type: 'TRPCError' });
    expect(badInput.calls).toEqual(['before add', 'after add BAD_REQUEST']);
    expect((await both('whoami', { greeting: 'Hi' })).error).toMatchObject({ code: 'UNAUTHORIZED', message: 'sign in' });
    expect((await both('badOutput', undefined)).error).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Output validation failed',
    });
    const taken = await both('slowCheck', { name: 'taken' });
    expect(taken.error).toMatchObject({ code: 'BAD_REQUEST', cause: 'ZodError' });
    expect((await both('throws', undefined)).error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'database down' });
  });
});

describe('procedureRunner, stepped middlewares', () => {
  it('answers the data with each step in order, at once when nothing waits', async () => {
    expect(await both('steppedAdd', { a: 2, b: 3 })).toEqual({ data: { sum: 5 }, calls: ['before steppedAdd', 'after steppedAdd ok'] });
    expect(await both('steppedWait', { a: 'x', b: 'four' })).toEqual({
      data: { a: 'x', b: 4 },
      calls: ['before steppedWait', 'resolved', 'after steppedWait ok'],
    });
    expect((await both('steppedSlowCheck', { name: 'free' })).data).toBe('free');
    expect((await both('steppedThenSigned', undefined, 'ada')).data).toBe('ada!');
    const procedure = router._def.procedures.steppedAdd;
    const options = { path: 'steppedAdd', type: 'mutation' as const, ctx: { calls: [] }, signal: undefined, batchIndex: 0 };
    const answer = procedureRunner(procedure)({ ...options, getRawInput: () => Promise.resolve({ a: 1, b: 1 }), rawInput: { a: 1, b: 1 } });
    expect(answer).toEqual({ sum: 2 });
  });

  it("answers the same errors: a step's refusal, bad input, a thrown or rejected fault, bad output, a step replacing an error", async () => {
    const refused = await both('steppedAdd', { a: 2, b: 'with \u0000' });
    expect(refused).toEqual({
      error: expect.objectContaining({ code: 'BAD_REQUEST', message: 'no NUL' }) as unknown,
      calls: ['before steppedAdd', 'after steppedAdd BAD_REQUEST'],
    });
    expect((await both('steppedAdd', { a: 2, b: 'three' })).error).toMatchObject({ code: 'BAD_REQUEST', cause: 'ZodError' });
    expect((await both('steppedThrows', undefined)).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'later' });
    expect((await both('steppedRejects', undefined)).error).toMatchObject({ code: 'NOT_FOUND', message: 'no such thing' });
    expect((await both('steppedBadOutput', undefined)).error).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Output validation failed',
    });
    expect((await both('steppedSlowCheck', { name: 'taken' })).error).toMatchObject({ code: 'BAD_REQUEST', cause: 'ZodError' });
  });
});

describe('procedureRunner, row lists', () => {
  // As the REST mirror calls it: in line, with the raw input at hand.
  const run = async (path: 'rows' | 'rowsExtraField' | 'rowsBadFirst' | 'rowsNotAList') => {
    const options = { path, type: 'query' as const, ctx: { calls: [] }, signal: undefined, batchIndex: 0 };
    try {
      const call = procedureRunner(router._def.procedures[path]);
      return { data: await call({ ...options, getRawInput: () => Promise.resolve(undefined), rawInput: undefined }) };
    } catch (error) {
      return { error: (error as TRPCError).message };
    }
  };

  it('answers the list itself, not a copy made by its schema', async () => {
    expect((await run('rows')).data).toBe(ROWS);
  });

  it('refuses a list whose first item is not as its schema writes it: a field it would drop, a wrong type, no list', async () => {
    for (const path of ['rowsExtraField', 'rowsBadFirst', 'rowsNotAList'] as const) {
      expect(await run(path)).toEqual({ error: 'Output validation failed' });
    }
  });
});
