import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';

export const healthRouter = router({
  check: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['health'], summary: 'Is the shop and its database up?' } })
    .input(z.void())
    .output(z.object({ status: z.literal('ok'), database: z.literal('ok') }))
    .query(async ({ ctx }) => {
      try {
        await ctx.em.getConnection().execute('select 1');
      } catch {
        throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable' });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    }),
});
