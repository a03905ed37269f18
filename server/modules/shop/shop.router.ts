import { z } from 'zod';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { emailAddress, named } from '../../contract/wire-schemas';

// The shop's public contact details, from configuration, so the page and emails never disagree.
const address = { street: 'Booth 114, Riverside Antique Mall', city: 'Athens', region: 'GA', postalCode: '', country: 'US' };

export const shopInfoOutput = named(
  z.object({
    email: emailAddress("The workshop's email", 'hello@turnery.example'),
    phone: z.string().meta({ description: "The workshop's phone", examples: ['(706) 555-0142'] }),
    location: z
      .string()
      .meta({ description: 'Where to find the workshop, in words', examples: ['Booth 114, Riverside Antique Mall, Athens, Georgia'] }),
    address: named(
      z.object({
        street: z.string().meta({ description: 'Street address' }),
        city: z.string().meta({ description: 'City' }),
        region: z.string().meta({ description: 'State or region' }),
        postalCode: z.string().meta({ description: 'Postal code (may be empty)' }),
        country: z.string().meta({ description: 'ISO 3166 country code' }),
      }),
      'PostalAddress',
      "The workshop's location as a postal address.",
      address,
    ),
  }),
  'ShopInfo',
  "The shop's public contact details (the Contact page's).",
  { email: 'hello@turnery.example', phone: '(706) 555-0142', location: 'Booth 114, Riverside Antique Mall, Athens, Georgia', address },
);

export const shopRouter = router({
  info: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/shop/info', tags: ['shop'], summary: "The shop's contact details" } })
    .concat(withInput(z.void()))
    .concat(withOutput(shopInfoOutput))
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
