import { describe, expect, it } from 'vitest';
import { staleVariantLine } from './stale-line';

const bowl = { id: 1, name: 'Walnut Bowl', price: '45.00', imageUrl: '/b.svg', weight: '1.20', quantity: 1 };
const board = { id: 2, name: 'Maple Board', price: '19.99', imageUrl: '/m.svg', weight: '3.00', quantity: 1 };
const refused = (reason: string, field?: string) => ({ data: { reason, field } });

describe('staleVariantLine', () => {
  it("names the cart line the server's variant error points at", () => {
    expect(staleVariantLine(refused('VARIANT_REQUIRED', 'items.1.variantId'), [bowl, board])).toBe(board);
    expect(staleVariantLine(refused('VARIANT_UNKNOWN', 'items.0.variantId'), [bowl, board])).toBe(bowl);
  });

  it('says nothing of other failures or a line it cannot find', () => {
    expect(staleVariantLine(refused('STATE_NOT_SERVED', 'state'), [bowl])).toBeUndefined();
    expect(staleVariantLine(refused('VARIANT_REQUIRED'), [bowl])).toBeUndefined();
    expect(staleVariantLine(refused('VARIANT_REQUIRED', 'items.4.variantId'), [bowl])).toBeUndefined();
    expect(staleVariantLine(new Error('offline'), [bowl])).toBeUndefined();
    expect(staleVariantLine(null, [bowl])).toBeUndefined();
  });
});
