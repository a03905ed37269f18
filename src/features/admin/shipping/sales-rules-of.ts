import { toCents } from '../../../../server/domain/money';
import type { SalesRules } from '../../../../server/domain/sales-rules';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/app-router';

type Shipping = inferRouterOutputs<AppRouter>['admin']['sales']['shipping'];
type Tax = inferRouterOutputs<AppRouter>['admin']['sales']['tax'];

/** The shop's settings as the admin reads them (GET /api/admin/shipping and /tax), as the pure rules take them (D39). */
export function salesRulesOf(shipping: Shipping, tax: Tax): SalesRules {
  return {
    zones: shipping.zones.map((zone) => ({
      name: zone.name,
      states: zone.states,
      baseCents: toCents(zone.baseRate),
      baseWeightHundredths: Math.round(zone.baseWeight * 100),
      extraLbCents: toCents(zone.extraPerPound),
      freeFromCents: zone.freeFrom === null ? null : toCents(zone.freeFrom),
    })),
    taxRates: tax.rates.map((rate) => ({ ...rate, state: rate.state })),
  };
}
