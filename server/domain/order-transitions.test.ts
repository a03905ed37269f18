import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-statuses';
import { allowedMoves, canMove, returnsMoney, trackingUrl } from './order-transitions';

// Every (from, to) pair, row by row: the allowed ones listed, everything else refused.
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  pending: ['completed', 'cancelled'],
  completed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

describe('the order lifecycle', () => {
  for (const from of ORDER_STATUSES) {
    it(`from ${from}: allows ${ALLOWED[from].join(', ') || 'nothing'} and refuses every other status`, () => {
      expect([...allowedMoves(from)]).toEqual(ALLOWED[from]);
      for (const to of ORDER_STATUSES) expect(canMove(from, to), `${from} -> ${to}`).toBe(ALLOWED[from].includes(to));
    });
  }

  it('gives money and stock back only when a paid order is cancelled or refunded', () => {
    expect(returnsMoney('completed', 'cancelled')).toBe(true);
    expect(returnsMoney('shipped', 'refunded')).toBe(true);
    expect(returnsMoney('delivered', 'refunded')).toBe(true);
    expect(returnsMoney('pending', 'cancelled')).toBe(false);
    expect(returnsMoney('completed', 'shipped')).toBe(false);
  });

  it("links the known carriers' tracking pages, and none for another carrier", () => {
    expect(trackingUrl('USPS', '9400 1000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000');
    expect(trackingUrl('UPS', '1Z999')).toBe('https://www.ups.com/track?tracknum=1Z999');
    expect(trackingUrl('FedEx', '7712')).toBe('https://www.fedex.com/fedextrack/?trknbr=7712');
    expect(trackingUrl('other', '123')).toBeNull();
    expect(trackingUrl(null, '123')).toBeNull();
  });
});
