import type { SqlRunner } from '../../db/sql';
import { formatOrderNumber } from '../../domain/order-number';
import { reviewLinkValue } from '../../domain/review-links';
import type { AppServices } from '../../contract/app-services';
import type { Email } from '../mail';
import type { OrderMailSettings } from './order-email';
import type { IOrder } from './order.entity';
import type { OrderDto } from './order.schema';
import { restockKey } from './order-refund-history';
import { restockedSoFar } from './order-restock';

/**
 * The delivered order's one email (D37), in the status move's transaction: the order's link and, per line that
 * refunds did not take back whole, its own signed review link (`/review/<token>`, the order links' 180 days). The
 * reviews module reads the links; only a delivered order's lines ever get one.
 */
export async function deliveredEmail(
  tx: SqlRunner,
  order: IOrder,
  dto: OrderDto,
  services: Pick<AppServices, 'orderLinks'>,
  mail: OrderMailSettings,
): Promise<Email> {
  const returned = await restockedSoFar(tx, order.id);
  const reviewLinks = order.items
    .getItems()
    .filter((item) => (returned.get(restockKey({ productId: item.product.id, variantId: item.variantId })) ?? 0) < item.quantity)
    .map((item) => ({
      name: item.name,
      variant: item.variant ?? null,
      url: `${mail.origin}/review/${services.orderLinks.sign(reviewLinkValue(item.id))}`,
    }));
  return {
    to: dto.customerEmail,
    subject: `Your Turnery order ${formatOrderNumber(order.id)} was delivered`,
    kind: 'order-delivered',
    data: { order: dto, orderUrl: `${mail.origin}/orders/${services.orderLinks.sign(String(order.id))}`, reviewLinks },
  };
}
