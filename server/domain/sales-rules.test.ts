import { describe, expect, it } from 'vitest';
import { quoteTotals } from './quote-totals';
import {
  rulesProblems,
  servedStates,
  STARTING_RULES,
  stateTaxCents,
  taxRateOf,
  zoneOf,
  zoneShippingCents,
  type SalesRules,
} from './sales-rules';
import { shippingCents } from './shipping';
import { SPEC_STATE_CODES } from './states';
import { taxCents } from './tax';

const newYork = {
  name: 'Northeast',
  states: ['NY' as const],
  baseCents: 995,
  baseWeightHundredths: 100,
  extraLbCents: 200,
  freeFromCents: null,
};
const withNewYork: SalesRules = {
  zones: [...STARTING_RULES.zones, newYork],
  taxRates: [...STARTING_RULES.taxRates, { state: 'NY', rateBasisPoints: 400, localRateBasisPoints: 488 }],
};

describe('the starting rules', () => {
  it("are SPEC's: its six states, D5's formula and D6's rates", () => {
    expect(servedStates(STARTING_RULES)).toEqual([...SPEC_STATE_CODES]);
    const zone = zoneOf(STARTING_RULES, 'GA')!;
    for (const weight of [0, 150, 200, 201, 301, 1050]) {
      for (const subtotal of [undefined, 0, 7499, 7500]) {
        expect(zoneShippingCents(zone, { weightHundredths: weight, subtotalCents: subtotal })).toBe(
          shippingCents({ weightLb: weight / 100, subtotalCents: subtotal }),
        );
      }
    }
    for (const state of SPEC_STATE_CODES) {
      for (const amount of [0, 1, 4500, 5735, 12345]) expect(stateTaxCents(STARTING_RULES, state, amount)).toBe(taxCents(amount, state));
    }
  });

  it('ship nowhere else and tax nothing elsewhere', () => {
    expect(zoneOf(STARTING_RULES, 'NY')).toBeUndefined();
    expect(taxRateOf(STARTING_RULES, 'NY')).toBe(0);
  });
});

describe("an owner's rules", () => {
  it('price a zone by its own rates, never free without a threshold, a surcharge even when free', () => {
    expect(zoneShippingCents(newYork, { weightHundredths: 100, subtotalCents: 100_000 })).toBe(995);
    expect(zoneShippingCents(newYork, { weightHundredths: 101 })).toBe(1195);
    expect(zoneShippingCents(STARTING_RULES.zones[0]!, { weightHundredths: 100, subtotalCents: 7500, surchargeCents: 1500 })).toBe(1500);
  });

  it('add the combined local rate to the state rate', () => {
    expect(taxRateOf(withNewYork, 'NY')).toBe(888);
    expect(stateTaxCents(withNewYork, 'NY', 10_000)).toBe(888);
  });

  it('name a state in two zones, a zone without states and a state taxed twice', () => {
    expect(rulesProblems({ zones: [...withNewYork.zones, { ...newYork, name: 'Again', states: ['GA'] }] })).toEqual([
      ['zones.2.states', 'GA is already in zone 1 (Southeast): a state ships by one zone'],
    ]);
    expect(rulesProblems({ zones: [{ ...newYork, states: [] }] })).toEqual([['zones.0.states', 'must list at least one state']]);
    expect(rulesProblems({ taxRates: [...withNewYork.taxRates, { state: 'NY', rateBasisPoints: 1, localRateBasisPoints: null }] })).toEqual(
      [['rates.7.state', 'NY is listed twice']],
    );
    expect(rulesProblems(withNewYork)).toEqual([]);
  });
});

describe('quoteTotals', () => {
  const lines = [{ price: 28_000, quantity: 1 }];

  it("counts a quote as any order: the zone's shipping, the state's tax, the deposit and the balance", () => {
    // $280 is over $75: free shipping in SPEC's zone; GA's 4%.
    expect(quoteTotals({ lines, weight: 6, depositPercent: 30 }, STARTING_RULES, 'GA')).toEqual({
      subtotal: 28_000,
      shipping: 0,
      discount: 0,
      tax: 1120,
      total: 29_120,
      deposit: 8736,
      balance: 20_384,
    });
  });

  it('takes shipping set by hand over the computed one', () => {
    const totals = quoteTotals({ lines, weight: 6, shipping: 2400, depositAmount: 10_000 }, STARTING_RULES, 'GA');
    expect(totals).toMatchObject({ shipping: 2400, total: 31_520, deposit: 10_000, balance: 21_520 });
  });

  it('has no shipping where the shop does not ship unless it is set by hand', () => {
    expect(quoteTotals({ lines, weight: 6, depositPercent: 50 }, STARTING_RULES, 'NY').shipping).toBeNull();
    expect(quoteTotals({ lines, weight: 6, shipping: 1000, depositPercent: 50 }, STARTING_RULES, 'NY')).toMatchObject({
      shipping: 1000,
      tax: 0,
      total: 29_000,
    });
  });
});
