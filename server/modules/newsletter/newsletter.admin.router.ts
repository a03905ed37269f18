import { z } from 'zod';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { AppError } from '../../trpc/errors';
import { sendPagingHeaders } from '../../contract/list-paging';
import { emailAddress, named, rowId, successOutput, timestamp } from '../../contract/wire-schemas';
import { idSchema } from '../../domain/ids';
import { removeSubscriber, subscriberListInput, subscribersPage, type SubscriberRow } from './subscribers.service';

const subscriberOutput = named(
  z.object({
    id: rowId('The subscription id', 7),
    email: emailAddress('The address (trimmed and lower-case)'),
    status: z.enum(['subscribed', 'unsubscribed']).meta({ description: 'Whether it still gets the newsletter' }),
    subscribedAt: timestamp('When the address first signed up'),
    unsubscribedAt: timestamp('When it unsubscribed (the shop mails it no more)')
      .nullable()
      .meta({ description: 'When it unsubscribed (the shop mails it no more); null while subscribed' }),
  }),
  'NewsletterSubscriber',
  "An address of the newsletter's list.",
  { id: 7, email: 'ada@example.com', status: 'subscribed', subscribedAt: '2026-11-24T15:04:05.000Z', unsubscribedAt: null },
);

const subscriberId = z.object({ id: idSchema.describe('The subscription id') });

const toSubscriberDto = (row: SubscriberRow): z.infer<typeof subscriberOutput> => ({
  id: row.id,
  email: row.email,
  status: row.unsubscribed_at ? 'unsubscribed' : 'subscribed',
  subscribedAt: row.created_at.toISOString(),
  unsubscribedAt: row.unsubscribed_at?.toISOString() ?? null,
});

// The owner's newsletter list (issue 46); the CSV export is an express route (server/http/newsletter-csv.ts).
export const newsletterAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/newsletter/subscribers',
        tags: ['admin', 'newsletter'],
        summary: 'Newsletter addresses, newest first, a page at a time (X-Total-Count and Link headers); search and status filter',
        protect: true,
      },
    })
    .concat(withInput(subscriberListInput))
    .concat(withOutput(z.array(subscriberOutput)))
    .query(async ({ ctx, input }) => {
      const { rows, total } = await subscribersPage(ctx.db, input);
      sendPagingHeaders(ctx, input, total);
      return rows.map(toSubscriberDto);
    }),

  remove: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/newsletter/subscribers/{id}',
        tags: ['admin', 'newsletter'],
        summary: 'Remove an address from the newsletter list',
        protect: true,
      },
    })
    .concat(withInput(subscriberId))
    .concat(withOutput(successOutput))
    .mutation(async ({ ctx, input }) => {
      if (!(await removeSubscriber(ctx.db, input.id))) throw new AppError('NOT_FOUND', `No newsletter subscriber with id ${input.id}`);
      return { success: true as const };
    }),
});
