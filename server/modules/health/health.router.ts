import { z } from 'zod';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { named } from '../../contract/wire-schemas';
import { AppError } from '../../trpc/errors';
import { checkDatabase } from './health.service';

const ok = z.literal('ok');
const healthOutput = named(
  z.object({ status: ok.meta({ description: 'The process answers' }), database: ok.meta({ description: 'The database answers' }) }),
  'HealthStatus',
  'The shop and its database are up (a failure is a 503 error answer instead).',
  { status: 'ok', database: 'ok' },
);
const liveOutput = named(z.object({ status: ok.meta({ description: 'The process answers' }) }), 'Liveness', 'The process answers.', {
  status: 'ok',
});

export const healthRouter = router({
  check: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['health'], summary: 'Is the shop and its database up?' } })
    .concat(withInput(z.void()))
    .concat(withOutput(healthOutput))
    .query(async ({ ctx }) => {
      await checkDatabase(ctx.em);
      return { status: 'ok' as const, database: 'ok' as const };
    }),

  // For an orchestrator: live = the process answers (restart it if not); ready = send it traffic (the database
  // answers and the instance is not stopping).
  live: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health/live', tags: ['health'], summary: 'Does the process answer? (no database check)' } })
    .concat(withInput(z.void()))
    .concat(withOutput(liveOutput))
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
    .concat(withInput(z.void()))
    .concat(withOutput(healthOutput))
    .query(async ({ ctx }) => {
      if (ctx.services.lifecycle.stopping) throw new AppError('SERVICE_UNAVAILABLE', 'This instance is stopping');
      await checkDatabase(ctx.em);
      return { status: 'ok' as const, database: 'ok' as const };
    }),
});
