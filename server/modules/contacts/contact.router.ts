import { z } from 'zod';
import { contactInput, type ContactInput } from '../../domain/contact-form';
import { subjectLabel } from '../../domain/subjects';
import { publicProcedure, router } from '../../trpc/init';
import { ContactMessage } from './contact-message.entity';

export const contactRouter = router({
  send: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/contact', tags: ['contact'], summary: 'Send a message to the workshop' } })
    .input(contactInput)
    .output(z.object({ success: z.literal(true), id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume('contact', ctx.clientKey);
      const message = ctx.em.create(ContactMessage, { ...input, status: 'new' });
      // One flush is one transaction: the message and the owner's notification are saved together (D14).
      ctx.services.mail.enqueue(ctx.em, {
        to: ctx.config.OWNER_EMAIL,
        subject: oneLine(`New message: ${subjectLabel(input.subject)} from ${input.firstName} ${input.lastName}`),
        text: ownerNotification(input),
        // The owner answers the customer by replying to the notification.
        replyTo: input.email,
        kind: 'contact-notification',
      });
      ctx.services.mail.enqueue(ctx.em, {
        to: input.email,
        subject: 'We received your message',
        text: acknowledgement(input),
        kind: 'contact-acknowledgement',
      });
      await ctx.em.flush();
      return { success: true as const, id: message.id };
    }),
});

function ownerNotification(input: ContactInput): string {
  return [
    'A new message came in through the contact form.',
    '',
    `From: ${input.firstName} ${input.lastName} <${input.email}>`,
    `Subject: ${subjectLabel(input.subject)}`,
    '',
    input.message,
    '',
    `Reply to ${input.email} within 24 hours, as the contact page promises.`,
  ].join('\n');
}

function acknowledgement(input: ContactInput): string {
  return [
    `Hello ${input.firstName},`,
    '',
    'Thank you for writing to Turnery. We received your message and will reply within 24 hours.',
    '',
    'What you wrote:',
    '',
    input.message,
    '',
    'Turnery',
  ].join('\n');
}

/** A header never carries a line break typed into a form field. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ');
}
