import { sql, type SqlRunner, type SqlSource } from '../../db/sql';
import { orderItemIdOfLinkValue } from '../../domain/review-links';
import type { AppServices } from '../../contract/app-services';
import { AppError } from '../../trpc/errors';
import { orderLineFacts, type OrderLineFacts } from '../orders';

export type ReviewLinkReader = Pick<AppServices['orderLinks'], 'verify'>;

/**
 * Whether a line may be reviewed (D37): its order was delivered, and refunds did not take all of it back. A line of
 * an order refunded whole, or cancelled, never can; nor one of an order not yet delivered.
 */
export const reviewable = (line: OrderLineFacts): boolean => line.orderStatus === 'delivered' && line.returned < line.quantity;

/**
 * The order line a review link names, when the link is genuine and unexpired and the line may be reviewed; otherwise
 * a 400 REVIEW_LINK_INVALID naming `token` (the same answer for a forged, expired or no longer reviewable link: a
 * stranger learns nothing from it).
 */
export async function reviewLine(runner: SqlRunner, links: ReviewLinkReader, token: string): Promise<OrderLineFacts> {
  const id = orderItemIdOfLinkValue(links.verify(token));
  const [line] = id === undefined ? [] : await orderLineFacts(runner, [id]);
  if (!line || !reviewable(line)) {
    throw new AppError(
      'REVIEW_LINK_INVALID',
      'token: this review link is not valid (or has expired): use the link of your delivery email',
      {
        field: 'token',
      },
    );
  }
  return line;
}

/**
 * Whether a review link may still be used (the photo upload's check, POST /api/reviews/photos): the same rule as the
 * review's own, so only a buyer holding a live link stores a photo.
 */
export async function reviewLinkIsLive(db: SqlSource, links: ReviewLinkReader, token: string): Promise<boolean> {
  try {
    await reviewLine(sql(db), links, token);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.reason === 'REVIEW_LINK_INVALID') return false;
    throw error;
  }
}
