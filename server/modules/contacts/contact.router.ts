import { z } from 'zod';
import { contactInput } from '../../domain/contact-form';
import { subjectLabel } from '../../domain/subjects';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { named, namedInput, rowId } from '../../contract/wire-schemas';
import { saveContactMessage } from './contacts.service';

const contactBody = namedInput(
  contactInput,
  'ContactMessageInput',
  'A message for the workshop (docs/product.md section 5: every field is required).',
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'custom', message: 'Could you turn a yarn bowl in cherry?' },
);

const contactSent = named(
  z.object({
    success: z.literal(true).meta({ description: 'Always true: a failure is an error answer instead' }),
    id: rowId('The message id', 5),
  }),
  'ContactSent',
  'The message is kept and the owner is told by email.',
  { success: true, id: 5 },
);

// Counted per client; a client over it is refused before its message is read (ShopMeta.limit).
const LIMIT = 'contact' as const;

export const contactRouter = router({
  send: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/contact', tags: ['contact'], summary: 'Send a message to the workshop' }, limit: LIMIT })
    .concat(withInput(contactBody))
    .concat(withOutput(contactSent))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume(LIMIT, ctx.clientKey);
      // One transaction: the message, the owner's notification (D14) and the webhook event are saved together. The
      // emails are written as their data; the delivery job renders them.
      const message = await saveContactMessage(ctx.db, ctx.services, input, [
        {
          to: ctx.config.OWNER_EMAIL,
          subject: oneLine(`New message: ${subjectLabel(input.subject)} from ${input.firstName} ${input.lastName}`),
          // The owner answers the customer by replying to the notification.
          replyTo: input.email,
          kind: 'contact-notification',
          data: { input },
        },
        {
          to: input.email,
          subject: 'We received your message',
          kind: 'contact-acknowledgement',
          data: { input },
        },
      ]);
      return { success: true as const, id: message.id };
    }),
});

/** A header never carries a line break typed into a form field. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ');
}
