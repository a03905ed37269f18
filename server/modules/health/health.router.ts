import { AppError } from '../../trpc/errors';
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
        throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    }),
});
