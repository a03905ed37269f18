import { Anchor, Text } from '@mantine/core';
import type { Commission } from './commission-status';

const ORDER_WORDS: Record<string, string> = {
  pending: 'Waiting for the balance',
  completed: 'Paid: being packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The order the accepted quote became, as any order ships: its status, the carrier and the tracking link. */
export function ShippingStatus({ commission }: { commission: Commission }) {
  const status = commission.orderStatus ?? 'pending';
  return (
    <>
      <Text>
        <Text span fw={600}>
          Status:{' '}
        </Text>
        {ORDER_WORDS[status] ?? status}
      </Text>
      {commission.trackingNumber && (
        <Text>
          <Text span fw={600}>
            Tracking ({commission.carrier}):{' '}
          </Text>
          {commission.trackingUrl ? (
            <Anchor href={commission.trackingUrl} target="_blank" rel="noreferrer" c="walnut.8">
              {commission.trackingNumber}
            </Anchor>
          ) : (
            commission.trackingNumber
          )}
        </Text>
      )}
    </>
  );
}
