import type { MikroORM } from '@mikro-orm/postgresql';
import type { TaskList } from 'graphile-worker';
import { z } from 'zod';
import { lazyHandles } from '../db/db-handles';
import type { AppServices } from '../contract/app-services';
import { forgetUnattachedPhotos } from '../modules/admin';

const emailJob = z.object({ id: z.number().int().positive() });
const webhookJob = z.object({ id: z.number().int().positive() });

/**
 * The jobs queued by the clock (graphile-worker's crontab format: minute, hour, day, month, weekday, task, options):
 * each tick is queued once, by whichever instance's worker gets there first, whatever the number of instances.
 * `?max=3`: a run that fails is tried twice more; the next hour's run does the same work anyway.
 */
export const CRONTAB = ['17 * * * * forget_unattached_photos ?max=3'].join('\n');

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
    // Every hour (CRONTAB): a buyer's reference photos no commission request took within a day of their upload go,
    // with the resized copies pages asked for (server/modules/admin/upload-store.ts).
    forget_unattached_photos: async () => {
      const gone = await forgetUnattachedPhotos(orm.em);
      if (gone.photos > 0) services.logger.info({ ...gone }, 'deleted reference photos no commission request took within a day');
    },
  };
}
