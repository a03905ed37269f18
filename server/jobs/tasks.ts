import type { MikroORM } from '@mikro-orm/postgresql';
import type { TaskList } from 'graphile-worker';
import { z } from 'zod';
import { lazyHandles } from '../db/db-handles';
import type { AppServices } from '../contract/app-services';

const emailJob = z.object({ id: z.number().int().positive() });
const webhookJob = z.object({ id: z.number().int().positive() });

/** What each queued job does, by name (the name the job was added with). */
export function createTaskList(orm: MikroORM, services: AppServices): TaskList {
  return {
    // Queued by the outbox's trigger for every email written (server/modules/mail/mail.service.ts).
    deliver_email: async (payload, helpers) => {
      const { id } = emailJob.parse(payload);
      await services.mail.deliver(lazyHandles(orm.em), id, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
    },
    // Queued by the webhook delivery table's trigger, and by each failed attempt for the next (server/modules/webhooks).
    deliver_webhook: async (payload) => {
      const { id } = webhookJob.parse(payload);
      await services.webhooks.deliver(orm.em.fork(), id);
    },
  };
}
