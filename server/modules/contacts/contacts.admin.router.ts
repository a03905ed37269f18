import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init';
import { idSchema } from '../../domain/ids';
import { ContactMessage } from './contact-message.entity';
import { contactOutput, toContactDto } from './contact.schema';
import { listPagingInput, pageWindow, sendPagingHeaders } from '../../rest/list-paging';

// 'new' is the unread value (SPEC.md leaves its name open); the owner toggles a message between the two.
export const CONTACT_STATUSES = ['new', 'read'] as const;

// The owner's inbox (SPEC.md section 2 Contacts tab; D18: mark read). Sending is the contacts router's.
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
    .input(listPagingInput)
    .output(z.array(contactOutput))
    .query(async ({ ctx, input }) => {
      const [rows, total] = await ctx.em.findAndCount(
        ContactMessage,
        {},
        { orderBy: { createdAt: 'desc', id: 'desc' }, ...pageWindow(input) },
      );
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
    .input(
      z.object({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
        // A query parameter: 'true' for the unread messages only.
        unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).default('false'),
      }),
    )
    .output(z.object({ contacts: z.array(contactOutput), total: z.number().int(), unread: z.number().int() }))
    .query(async ({ ctx, input }) => {
      const [[rows, total], unread] = await Promise.all([
        ctx.em.findAndCount(ContactMessage, input.unread === 'true' ? { status: 'new' } : {}, {
          orderBy: { createdAt: 'desc', id: 'desc' },
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        }),
        ctx.em.fork().count(ContactMessage, { status: 'new' }),
      ]);
      return { contacts: rows.map(toContactDto), total, unread };
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
    .input(
      z.object({
        id: idSchema,
        status: z.enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}` }),
      }),
    )
    .output(contactOutput)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.em.findOne(ContactMessage, { id: input.id });
      if (!row) throw new AppError('NOT_FOUND', `No contact message with id ${input.id}`);
      row.status = input.status;
      await ctx.em.flush();
      return toContactDto(row);
    }),
});
