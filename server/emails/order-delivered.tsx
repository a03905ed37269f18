import { Link, Text } from '@react-email/components';
import { formatOrderNumber } from '../domain/order-number';
import type { OrderDto } from '../modules/orders';
import { EmailLayout, link, text, type ShopFooter } from './layout';

/** One piece of a delivered order and its own review link (D37: each order line is reviewed once, with its link). */
export interface ReviewLink {
  name: string;
  /** The variant's title as sold, or null. */
  variant: string | null;
  url: string;
}

/** A delivered order's email: the order, its page, and a review link per piece that may be reviewed. */
export interface OrderDeliveredNotice {
  order: OrderDto;
  orderUrl: string;
  reviewLinks: ReviewLink[];
}

/** To the customer: the order arrived; how are the pieces? One review link per piece. */
export function OrderDeliveredEmail({ order, orderUrl, reviewLinks, shop }: OrderDeliveredNotice & { shop: ShopFooter }) {
  const number = formatOrderNumber(order.id);
  return (
    <EmailLayout preview={`Your order ${number} was delivered`} shop={shop}>
      <Text style={text}>Hello {order.customerName},</Text>
      <Text style={text}>Your order {number} was delivered. We hope it was worth the wait.</Text>
      {reviewLinks.length > 0 && (
        <>
          <Text style={text}>
            Would you tell other buyers how {reviewLinks.length === 1 ? 'it' : 'they'} turned out? A short review helps a small workshop
            more than anything; each link is for that piece, and the workshop reads every review before it goes up.
          </Text>
          {reviewLinks.map((piece) => (
            <Text key={piece.url} style={text}>
              {piece.name}
              {piece.variant ? ` (${piece.variant})` : ''}:{' '}
              <Link href={piece.url} style={link}>
                Review {piece.name}
              </Link>
            </Text>
          ))}
        </>
      )}
      <Text style={text}>Questions? Reply to this email or write to {shop.email}.</Text>
      <Text style={text}>Your order: {orderUrl}</Text>
    </EmailLayout>
  );
}
