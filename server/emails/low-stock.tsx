import { Text } from '@react-email/components';
import { formatOrderNumber } from '../domain/order-number';
import { EmailLayout, text, type ShopFooter } from './layout';

export type LowStockData = { product: string; left: number; alertAt: number; orderId: number };

/** To the owner: the sale that took a product to its alert level, and what is left. */
export function LowStockEmail({ product, left, alertAt, orderId, shop }: LowStockData & { shop: ShopFooter }) {
  return (
    <EmailLayout preview={`Low stock: ${product}`} shop={shop}>
      <Text style={text}>
        {product} has {left} left after order {formatOrderNumber(orderId)} (your alert is at {alertAt}). Restock it in the admin.
      </Text>
    </EmailLayout>
  );
}
