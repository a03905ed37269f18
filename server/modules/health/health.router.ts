import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';
import { AppError } from '../../trpc/errors';
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

  // For an orchestrator: live = the process answers (restart it if not); ready = send it traffic (the database
  // answers and the instance is not stopping).
  live: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health/live', tags: ['health'], summary: 'Does the process answer? (no database check)' } })
    .input(z.void())
    .output(z.object({ status: z.literal('ok') }))
    .query(() => ({ status: 'ok' as const })),

  ready: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/health/ready',
        tags: ['health'],
        summary: 'Should a balancer send requests here? (503 while stopping)',
      },
    })
    .input(z.void())
    .output(z.object({ status: z.literal('ok'), database: z.literal('ok') }))
    .query(async ({ ctx }) => {
      if (ctx.services.lifecycle.stopping) throw new AppError('SERVICE_UNAVAILABLE', 'This instance is stopping');
      await checkDatabase(ctx.em);
      return { status: 'ok' as const, database: 'ok' as const };
    }),
});
