import { z } from 'zod';
import { idSchema } from '../../domain/ids';
import { AppError } from '../../trpc/errors';
import { adminProcedure, router } from '../../trpc/init';
import { OutboxEmail, type IOutboxEmail } from './outbox-email.entity';

export const EMAIL_STATES = ['waiting', 'sent', 'failed'] as const;

const emailOutput = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  /** waiting: not sent yet (queued, retrying, or no SMTP configured); sent; failed: delivery was given up. */
  state: z.enum(EMAIL_STATES),
  text: z.string(),
  /** The HTML part, when the email has one (shown in the admin's preview). */
  html: z.string().nullable(),
  replyTo: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

const emailPage = z.object({ emails: z.array(emailOutput), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

const toEmailDto = (row: IOutboxEmail): z.infer<typeof emailOutput> => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  kind: row.kind,
  state: row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'waiting',
  text: row.text,
  html: row.html ?? null,
  replyTo: row.replyTo ?? null,
  attempts: row.attempts,
  lastError: row.lastError ?? null,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

const STATE_FILTERS = {
  waiting: { sentAt: null, failedAt: null },
  sent: { sentAt: { $ne: null } },
  failed: { sentAt: null, failedAt: { $ne: null } },
} as const;

// The shop's sent and waiting email, for the owner: what went out, what is stuck and why, and a retry.
export const emailsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/emails',
        tags: ['admin', 'emails'],
        summary: 'Emails the shop sent or is sending, newest first',
        protect: true,
      },
    })
    .input(
      z.object({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(25),
        state: z.enum(EMAIL_STATES, { error: `state must be one of ${EMAIL_STATES.join(', ')}` }).optional(),
      }),
    )
    .output(emailPage)
    .query(async ({ ctx, input }) => {
      const where = input.state ? STATE_FILTERS[input.state] : {};
      const [rows, total] = await ctx.em.findAndCount(OutboxEmail, where, {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
      return { emails: rows.map(toEmailDto), total, page: input.page, pageSize: input.pageSize };
    }),

  retry: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/emails/{id}/retry',
        tags: ['admin', 'emails'],
        summary: 'Send an email that was not sent again',
        protect: true,
      },
    })
    .input(z.object({ id: idSchema }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const queued = await ctx.services.mail.retry(ctx.em, input.id);
      if (!queued) {
        const exists = await ctx.em.count(OutboxEmail, { id: input.id });
        if (exists === 0) throw new AppError('NOT_FOUND', 'Email not found');
        throw new AppError('CONFLICT', 'This email was sent already');
      }
      return { success: true as const };
    }),
});
