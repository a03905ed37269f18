import { MAX_ID } from './ids';

// A review link names one order line (D37): the order links' signer (server/http/order-links.ts, 180 days) signs
// `review-<order line id>`, so a review link never opens an order or a commission, nor they a review. Pure: the
// orders module signs the links of the delivered email, the reviews module reads them.

export const REVIEW_LINK_PREFIX = 'review-';

/** The signed value of an order line's review link. */
export const reviewLinkValue = (orderItemId: number): string => `${REVIEW_LINK_PREFIX}${orderItemId}`;

/** The order line a link's signed value names, or undefined (an order's or a commission's link, or no id). */
export function orderItemIdOfLinkValue(value: string | undefined): number | undefined {
  if (!value?.startsWith(REVIEW_LINK_PREFIX)) return undefined;
  const text = value.slice(REVIEW_LINK_PREFIX.length);
  const id = Number(text);
  return /^\d+$/.test(text) && id > 0 && id <= MAX_ID ? id : undefined;
}
