import { z } from 'zod';
import { money, named, namedInput } from '../../contract/wire-schemas';
import { formatCents } from '../../domain/money';
import { amountInput } from '../../domain/money-input';
import { servedStates, type SalesRules, type ShippingZone } from '../../domain/sales-rules';
import { stateName, stateSchema, STATES } from '../../domain/states';
import { adminProcedure, publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { saveTaxRates, saveZones } from './sales-settings';

// Where the shop sells (D39): the public list of the states it ships to, for the pickers, and the owner's settings.

const stateCode = stateSchema.describe('A US state (or DC) by its postal code');

const zoneInput = z.object({
  name: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters').describe('The zone\'s name ("Southeast")'),
  states: z
    .array(stateCode)
    .min(1, 'must list at least one state')
    .max(STATES.length)
    .describe('The states it ships to; a state belongs to one zone only'),
  baseRate: amountInput('Shipping for the first `baseWeight` pounds'),
  baseWeight: z
    .number('must be a weight in pounds')
    .min(0, 'must not be negative')
    .max(1000, 'must be at most 1000')
    .refine((pounds) => Math.abs(Math.round(pounds * 100) - pounds * 100) < 1e-6, 'must have at most two decimals')
    .describe('The pounds the base rate covers'),
  extraPerPound: amountInput('Each further pound, or part of one'),
  freeFrom: amountInput('Shipping is free from this subtotal; null: never free').nullable(),
});

const shippingInput = namedInput(
  z.object({
    zones: z.array(zoneInput).max(STATES.length).describe('The zones, in the order the admin lists them; none: the shop ships nowhere'),
  }),
  'ShippingSettingsInput',
  "Where the shop ships, by zone: each zone's states, weight rates and free-shipping threshold (D39).",
  { zones: [{ name: 'Southeast', states: ['GA', 'NC'], baseRate: '6.95', baseWeight: 2, extraPerPound: '1.25', freeFrom: '75.00' }] },
);

const zoneOutput = z.object({
  name: z.string().describe("The zone's name"),
  states: z.array(stateCode).describe('The states it ships to'),
  baseRate: money('Shipping for the first `baseWeight` pounds', '6.95'),
  baseWeight: z.number().min(0).describe('The pounds the base rate covers'),
  extraPerPound: money('Each further pound, or part of one', '1.25'),
  freeFrom: money('Shipping is free from this subtotal', '75.00').nullable().describe('null: never free'),
});

const shippingOutput = named(
  z.object({ zones: z.array(zoneOutput).describe("The zones, in the admin's order") }),
  'ShippingSettings',
  "The shop's shipping zones (D39).",
  {
    zones: [{ name: 'Southeast', states: ['GA', 'NC'], baseRate: '6.95', baseWeight: 2, extraPerPound: '1.25', freeFrom: '75.00' }],
  },
);

const basisPoints = (what: string) =>
  z
    .number('must be a whole number of basis points')
    .int('must be a whole number of basis points')
    .min(0, 'must not be negative')
    .max(2000, 'must be at most 2000 (20%)')
    .describe(what);

const taxRow = z.object({
  state: stateCode,
  rateBasisPoints: basisPoints("The state's rate in basis points (475 is 4.75%)"),
  localRateBasisPoints: basisPoints('A combined local rate added to it, in basis points; null: none').nullable(),
});

const taxInput = namedInput(
  z.object({
    rates: z.array(taxRow).max(STATES.length).describe('The states where the shop collects sales tax; elsewhere it collects none'),
  }),
  'TaxSettingsInput',
  'Where the shop collects sales tax and at what rates (D39).',
  { rates: [{ state: 'GA', rateBasisPoints: 400, localRateBasisPoints: null }] },
);

const taxOutput = named(
  z.object({ rates: z.array(taxRow).describe('The states where the shop collects sales tax, by code') }),
  'TaxSettings',
  'Where the shop collects sales tax and at what rates (D39).',
  {
    rates: [{ state: 'GA', rateBasisPoints: 400, localRateBasisPoints: null }],
  },
);

const zonesOutput = named(
  z.object({
    states: z
      .array(z.object({ code: stateCode, name: z.string().describe('Its name ("New York")') }))
      .describe("Every state the shop ships to, in the pickers' order"),
    zones: z
      .array(zoneOutput)
      .describe("The zones the owner groups the states in, with their rates (a product page's search-engine data names them)"),
  }),
  'ShippingZones',
  'Where the shop ships (D39): the states a checkout or a custom-piece request may name.',
  {
    states: [{ code: 'GA', name: 'Georgia' }],
    zones: [{ name: 'Southeast', states: ['GA'], baseRate: '6.95', baseWeight: 2, extraPerPound: '1.25', freeFrom: '75.00' }],
  },
);

const toZoneDto = (zone: ShippingZone) => ({
  name: zone.name,
  states: zone.states,
  baseRate: formatCents(zone.baseCents),
  baseWeight: zone.baseWeightHundredths / 100,
  extraPerPound: formatCents(zone.extraLbCents),
  freeFrom: zone.freeFromCents === null ? null : formatCents(zone.freeFromCents),
});

const zonesDto = (rules: SalesRules) => ({
  states: servedStates(rules).map((code) => ({ code, name: stateName(code) })),
  zones: rules.zones.map(toZoneDto),
});

export const salesSettingsRouter = router({
  zones: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/shipping/zones', tags: ['checkout'], summary: 'Where the shop ships (D39)' } })
    .concat(withOutput(zonesOutput))
    .query(async ({ ctx }) => zonesDto(await ctx.services.salesSettings.rules(ctx.db))),
});

export const salesSettingsAdminRouter = router({
  shipping: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/shipping', tags: ['admin', 'checkout'], summary: "The shop's shipping zones", protect: true },
    })
    .concat(withOutput(shippingOutput))
    .query(async ({ ctx }) => ({ zones: (await ctx.services.salesSettings.rules(ctx.db)).zones.map(toZoneDto) })),

  saveShipping: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/shipping',
        tags: ['admin', 'checkout'],
        summary: "Replace the shop's shipping zones",
        protect: true,
      },
    })
    .concat(withInput(shippingInput))
    .concat(withOutput(shippingOutput))
    .mutation(async ({ ctx, input }) => {
      await saveZones(
        ctx.db,
        input.zones.map((zone) => ({
          name: zone.name,
          states: zone.states,
          baseCents: zone.baseRate,
          baseWeightHundredths: Math.round(zone.baseWeight * 100),
          extraLbCents: zone.extraPerPound,
          freeFromCents: zone.freeFrom,
        })),
      );
      // This instance's next quote uses the change at once; the others hear of it from the database's notice.
      ctx.services.salesSettings.drop();
      return { zones: (await ctx.services.salesSettings.rules(ctx.db)).zones.map(toZoneDto) };
    }),

  tax: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/tax', tags: ['admin', 'checkout'], summary: "The shop's sales-tax rates", protect: true },
    })
    .concat(withOutput(taxOutput))
    .query(async ({ ctx }) => ({ rates: (await ctx.services.salesSettings.rules(ctx.db)).taxRates })),

  saveTax: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/tax',
        tags: ['admin', 'checkout'],
        summary: "Replace the shop's sales-tax rates",
        protect: true,
      },
    })
    .concat(withInput(taxInput))
    .concat(withOutput(taxOutput))
    .mutation(async ({ ctx, input }) => {
      await saveTaxRates(ctx.db, input.rates);
      ctx.services.salesSettings.drop();
      return { rates: (await ctx.services.salesSettings.rules(ctx.db)).taxRates };
    }),
});
