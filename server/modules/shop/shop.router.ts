import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';

// The shop's public contact details, from configuration, so the page and emails never disagree.
export const shopInfoOutput = z.object({
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  /** The location as a postal address; `country` is an ISO 3166 code, `postalCode` may be empty. */
  address: z.object({ street: z.string(), city: z.string(), region: z.string(), postalCode: z.string(), country: z.string() }),
});

export const shopRouter = router({
  info: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/shop/info', tags: ['shop'], summary: "The shop's contact details" } })
    .input(z.void())
    .output(shopInfoOutput)
    .query(({ ctx }) => ({
      email: ctx.config.SHOP_EMAIL,
      phone: ctx.config.SHOP_PHONE,
      location: ctx.config.SHOP_LOCATION,
      address: {
        street: ctx.config.SHOP_STREET_ADDRESS,
        city: ctx.config.SHOP_CITY,
        region: ctx.config.SHOP_REGION,
        postalCode: ctx.config.SHOP_POSTAL_CODE,
        country: ctx.config.SHOP_COUNTRY,
      },
    })),
});
