import { expect, it } from 'vitest';
import { ORDER_STATUSES, orderStatusLabel } from './order-statuses';

it('names every status in words a buyer understands, and shows an unknown value as it is', () => {
  expect(ORDER_STATUSES.map(orderStatusLabel)).toEqual(['Awaiting payment', 'Paid', 'Shipped', 'Delivered', 'Cancelled', 'Refunded']);
  expect(orderStatusLabel('on-hold')).toBe('on-hold');
});
