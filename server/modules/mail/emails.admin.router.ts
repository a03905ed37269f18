import { z } from 'zod';
import { idSchema } from '../../domain/ids';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { pageWindow } from '../../contract/list-paging';
import { count, emailAddress, named, rowId, successOutput, timestamp } from '../../contract/wire-schemas';
import { outboxPage } from './mail.service';
import type { IOutboxEmail } from './outbox-email.entity';

export const EMAIL_STATES = ['waiting', 'sent', 'failed'] as const;

const emailFields = z.object({
  id: rowId('The email id', 31),
  to: emailAddress('Who it is for', 'ada@example.com'),
  subject: z.string().meta({ description: 'Its subject line', examples: ['Your Turnery order #000012'] }),
  kind: z.string().meta({
    description:
      'What it is about: order-confirmation, order-notification, order-shipped, order-delivered, order-cancelled, order-refunded, contact-notification, contact-acknowledgement, newsletter-welcome or low-stock',
    examples: ['order-confirmation'],
  }),
  state: z.enum(EMAIL_STATES).meta({
    id: 'EmailState',
    examples: ['sent'],
    description: 'waiting: not sent yet (queued, retrying, or no SMTP configured); sent; failed: delivery was given up.',
  }),
  text: z.string().meta({ description: 'The plain-text part (rendered for this answer when the delivery job has not rendered it yet)' }),
  html: z.string().nullable().meta({ description: "The HTML part, when the email has one (the admin's preview)" }),
  replyTo: emailAddress('Where a reply goes', 'ada@example.com')
    .nullable()
    .meta({ description: 'Where a reply goes, when not to the sender' }),
  attempts: count('Delivery attempts so far', 1),
  lastError: z.string().nullable().meta({ description: "The last delivery attempt's error, if it failed" }),
  createdAt: timestamp('When it was written'),
  sentAt: timestamp('When it was sent').nullable().meta({ description: 'When it was sent; null until then' }),
});

const emailExample: z.infer<typeof emailFields> = {
  id: 31,
  to: 'ada@example.com',
  subject: 'Your Turnery order #000012',
  kind: 'order-confirmation',
  state: 'sent',
  text: 'Thank you for your order #000012...',
  html: '<!DOCTYPE html><html>...</html>',
  replyTo: null,
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-24T15:04:05.000Z',
  sentAt: '2026-11-24T15:04:07.000Z',
};

const emailOutput = named(emailFields, 'EmailMessage', 'An email the shop sent or is sending (the admin Emails tab).', emailExample);

const emailPage = named(
  z.object({
    emails: z.array(emailOutput).meta({ description: 'The emails of this page' }),
    total: count('How many emails match, in all pages', 1),
    page: count('This page, from 1', 1),
    pageSize: count('How many emails a page holds', 25),
    mailServer: z.boolean().meta({
      description: 'Whether a mail server is set (SMTP_URL); false: emails are kept in the outbox and not sent',
      examples: [true],
    }),
  }),
  'EmailPage',
  'A page of emails, newest first, with how many match.',
  { emails: [emailExample], total: 1, page: 1, pageSize: 25, mailServer: true },
);

const toEmailDto = (row: IOutboxEmail, content: { text: string; html: string | null }): z.infer<typeof emailOutput> => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  kind: row.kind,
  state: row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'waiting',
  text: content.text,
  html: content.html,
  replyTo: row.replyTo ?? null,
  attempts: row.attempts,
  lastError: row.lastError ?? null,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

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
    .concat(
      withInput(
        z.object({
          page: z.number().int().min(1).max(100_000).default(1).describe('Which page, from 1'),
          pageSize: z.number().int().min(1).max(100).default(25).describe('How many emails a page holds, 1 to 100'),
          state: z
            .enum(EMAIL_STATES, { error: `state must be one of ${EMAIL_STATES.join(', ')}` })
            .describe('Only emails in this state')
            .optional(),
        }),
      ),
    )
    .concat(withOutput(emailPage))
    .query(async ({ ctx, input }) => {
      const [rows, total] = await outboxPage(ctx.em, pageWindow(input), input.state);
      const emails = await Promise.all(rows.map(async (row) => toEmailDto(row, await ctx.services.mail.content(row))));
      return { emails, total, page: input.page, pageSize: input.pageSize, mailServer: ctx.services.mail.sends };
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
    .concat(withInput(z.object({ id: idSchema.describe('The email id') })))
    .concat(withOutput(successOutput))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.mail.retry(ctx.db, input.id);
      return { success: true as const };
    }),
});
