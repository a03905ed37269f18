import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';

// The shop's public contact details, from configuration, so the page and emails never disagree.
export const shopInfoOutput = z.object({ email: z.string(), phone: z.string(), location: z.string() });

export const shopRouter = router({
  info: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/shop/info', tags: ['shop'], summary: "The shop's contact details" } })
    .input(z.void())
    .output(shopInfoOutput)
    .query(({ ctx }) => ({ email: ctx.config.SHOP_EMAIL, phone: ctx.config.SHOP_PHONE, location: ctx.config.SHOP_LOCATION })),
});
