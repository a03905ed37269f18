import { BASE_SHIPPING_CENTS, BASE_WEIGHT_LB, EXTRA_LB_CENTS, FREE_SHIPPING_THRESHOLD_CENTS } from './shipping';
import { inStateOrder, SPEC_STATE_CODES, type StateCode } from './states';
import { TAX_RATES, taxAtRate } from './tax';

// Where the shop sells, on the owner's terms (D39): the zones it ships to with their weight rates, and the states
// where it collects tax. Pure, shared by the server's pricing and the owner's quote editor, so both count alike.
// A new shop starts with STARTING_RULES: SPEC's six states, D5's formula and D6's rates, so SPEC's calls answer as before.

/** A group of states shipped at one rate: `baseCents` covers the first `baseWeightHundredths` (hundredths of a pound). */
export interface ShippingZone {
  name: string;
  states: StateCode[];
  baseCents: number;
  baseWeightHundredths: number;
  /** Each further pound, or part of one. */
  extraLbCents: number;
  /** Shipping is free from this subtotal; null: never free. */
  freeFromCents: number | null;
}

/** Tax collected in a state: its rate and, optionally, a combined local rate added to it (basis points). */
export interface TaxRate {
  state: StateCode;
  rateBasisPoints: number;
  localRateBasisPoints: number | null;
}

export interface SalesRules {
  zones: ShippingZone[];
  taxRates: TaxRate[];
}

export const STARTING_RULES: SalesRules = {
  zones: [
    {
      name: 'Southeast',
      states: [...SPEC_STATE_CODES],
      baseCents: BASE_SHIPPING_CENTS,
      baseWeightHundredths: BASE_WEIGHT_LB * 100,
      extraLbCents: EXTRA_LB_CENTS,
      freeFromCents: FREE_SHIPPING_THRESHOLD_CENTS,
    },
  ],
  taxRates: SPEC_STATE_CODES.map((state) => ({ state, rateBasisPoints: TAX_RATES[state], localRateBasisPoints: null })),
};

/** The zone that ships to the state; undefined: the shop does not ship there. */
export function zoneOf(rules: SalesRules, state: StateCode): ShippingZone | undefined {
  return rules.zones.find((zone) => zone.states.includes(state));
}

/** Every state the shop ships to, in the pickers' order. */
export function servedStates(rules: SalesRules): StateCode[] {
  return inStateOrder(rules.zones.flatMap((zone) => zone.states));
}

/**
 * A zone's shipping for a weight: free from its threshold of subtotal (when it has one and the subtotal is known);
 * otherwise its base rate for the first pounds and its rate for each further pound or part of one. `surchargeCents`
 * (pieces that ship separately) is added even when shipping is otherwise free: it is what those pieces cost to send.
 */
export function zoneShippingCents(
  zone: ShippingZone,
  { weightHundredths, subtotalCents, surchargeCents = 0 }: { weightHundredths: number; subtotalCents?: number; surchargeCents?: number },
): number {
  const free = zone.freeFromCents !== null && subtotalCents !== undefined && subtotalCents >= zone.freeFromCents;
  if (free) return surchargeCents;
  const extraPounds = Math.ceil(Math.max(0, weightHundredths - zone.baseWeightHundredths) / 100);
  return zone.baseCents + extraPounds * zone.extraLbCents + surchargeCents;
}

/** The rate charged in a state, state and local together, in basis points; 0 where the shop collects no tax. */
export function taxRateOf(rules: SalesRules, state: StateCode): number {
  const rate = rules.taxRates.find((tax) => tax.state === state);
  return rate ? rate.rateBasisPoints + (rate.localRateBasisPoints ?? 0) : 0;
}

/** Tax on a subtotal (shipping is not taxed) in a state, rounded half up to the cent. */
export function stateTaxCents(rules: SalesRules, state: StateCode, subtotalCents: number): number {
  return taxAtRate(subtotalCents, taxRateOf(rules, state));
}

/**
 * What is wrong with a set of rules, as [field, message] pairs naming the field as the admin's form does
 * (`zones.1.states`): a state in two zones, a zone without states or name, two tax rows for one state.
 */
export function rulesProblems(rules: Partial<SalesRules>): [string, string][] {
  const problems: [string, string][] = [];
  const zoneOfState = new Map<StateCode, number>();
  rules.zones?.forEach((zone, index) => {
    if (zone.states.length === 0) problems.push([`zones.${index}.states`, 'must list at least one state']);
    for (const state of zone.states) {
      const other = zoneOfState.get(state);
      if (other !== undefined && other !== index) {
        problems.push([
          `zones.${index}.states`,
          `${state} is already in zone ${other + 1} (${rules.zones![other]!.name}): a state ships by one zone`,
        ]);
      } else zoneOfState.set(state, index);
    }
  });
  const taxed = new Set<StateCode>();
  rules.taxRates?.forEach((rate, index) => {
    if (taxed.has(rate.state)) problems.push([`rates.${index}.state`, `${rate.state} is listed twice`]);
    taxed.add(rate.state);
  });
  return problems;
}
