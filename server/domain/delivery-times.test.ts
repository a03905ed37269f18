import { describe, expect, it } from 'vitest';
import { CRAFTING_TEXT, DELIVERY_TIMES, PROCESSING_TEXT, SHIPS_IN_TEXT, SHIPS_WITHIN_TEXT } from './delivery-times';

describe('the delivery-time promise', () => {
  it("keeps SPEC's texts letter for letter", () => {
    expect(SHIPS_IN_TEXT).toBe('Handcrafted to order, ships in 7-10 business days');
    expect(PROCESSING_TEXT).toBe('Typical processing time is 3-5 business days.');
    expect(CRAFTING_TEXT).toBe('Crafting typically takes 5-7 business days.');
    expect(SHIPS_WITHIN_TEXT).toBe('Handcrafted to order, it ships within 7-10 business days of your order.');
  });

  it('is one timeline: processing and crafting end by the last day the piece may ship', () => {
    const { shipsWithin, processing, crafting } = DELIVERY_TIMES;
    for (const span of [shipsWithin, processing, crafting]) expect(span.min).toBeLessThanOrEqual(span.max);
    expect(processing.max).toBeLessThanOrEqual(shipsWithin.max);
    expect(crafting.max).toBeLessThanOrEqual(shipsWithin.max);
  });
});
