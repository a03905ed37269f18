import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';
import { checkDatabase } from './health.service';

export const healthRouter = router({
  check: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['health'], summary: 'Is the shop and its database up?' } })
    .input(z.void())
    .output(z.object({ status: z.literal('ok'), database: z.literal('ok') }))
    .query(async ({ ctx }) => {
      await checkDatabase(ctx.em);
      return { status: 'ok' as const, database: 'ok' as const };
    }),
});
