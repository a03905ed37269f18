import { TRPCError, initTRPC } from '@trpc/server';
import { callProcedure } from '@trpc/server/unstable-core-do-not-import';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { procedureRunner } from './run-procedure';

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
});

async function both(path: keyof typeof router._def.procedures, input: unknown, user?: string) {
  const procedure = router._def.procedures[path];
  const call = async (run: (ctx: { user?: string; calls: string[] }) => Promise<unknown>) => {
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
  const ours = await call((ctx) => procedureRunner(procedure)(opts(ctx)));
  const trpcs = await call((ctx) => callProcedure({ router, ...opts(ctx) }));
  expect(ours).toEqual(trpcs);
  return ours;
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
