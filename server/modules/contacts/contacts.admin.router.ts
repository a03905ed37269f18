import { z } from 'zod';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { idSchema } from '../../domain/ids';
import { count, named, namedInput, withPathParameters } from '../../contract/wire-schemas';
import { CONTACT_STATUSES, contactExample, contactOutput, toContactDto } from './contact.schema';
import { listPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { contactsPage, inboxPage, setContactStatus } from './contacts.service';

const contactId = z.object({ id: idSchema.describe('The message id') });

// The owner's inbox (docs/product.md section 2 Contacts tab; D18: mark read). Sending is the contacts router's.
export const contactsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contacts',
        tags: ['admin', 'contacts'],
        summary: 'Contact messages, newest first, a page at a time (X-Total-Count and Link headers)',
        protect: true,
      },
    })
    .concat(withInput(listPagingInput))
    .concat(withOutput(z.array(contactOutput)))
    .query(async ({ ctx, input }) => {
      const [rows, total] = await contactsPage(ctx.em, pageWindow(input));
      sendPagingHeaders(ctx, input, total);
      return rows.map(toContactDto);
    }),

  page: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/contacts',
        tags: ['admin', 'contacts'],
        summary: 'A page of contact messages, newest first (unread only on request), with the totals',
        protect: true,
      },
    })
    .concat(
      withInput(
        z.object({
          page: z.number().int().min(1).max(100_000).default(1).describe('Which page, from 1'),
          pageSize: z.number().int().min(1).max(100).default(20).describe('How many messages a page holds, 1 to 100'),
          // A query parameter: 'true' for the unread messages only.
          unread: z
            .enum(['true', 'false'], { error: 'unread must be true or false' })
            .default('false')
            .describe("'true' for the unread messages only"),
        }),
      ),
    )
    .concat(
      withOutput(
        named(
          z.object({
            contacts: z.array(contactOutput).meta({ description: 'The messages of this page' }),
            total: count('How many messages match, in all pages', 1),
            unread: count('How many messages are unread, in all', 1),
          }),
          'ContactMessagePage',
          'A page of contact messages, newest first, with the totals.',
          { contacts: [contactExample], total: 1, unread: 1 },
        ),
      ),
    )
    .query(async ({ ctx, input }) => {
      const { messages, total, unread } = await inboxPage(ctx.em, pageWindow(input), input.unread === 'true');
      return { contacts: messages.map(toContactDto), total, unread };
    }),

  setStatus: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/contacts/{id}',
        tags: ['admin', 'contacts'],
        summary: 'Mark a message read or unread',
        protect: true,
      },
    })
    .concat(
      withInput(
        withPathParameters(
          namedInput(
            z.object({
              status: z
                .enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}` })
                .describe("'read', or 'new' to mark it unread"),
            }),
            'ContactStatusUpdate',
            'Mark a contact message read or unread.',
            { status: 'read' },
          ),
          contactId.shape,
        ),
      ),
    )
    .concat(withOutput(contactOutput))
    .mutation(async ({ ctx, input }) => toContactDto(await setContactStatus(ctx.db, input.id, input.status))),
});
