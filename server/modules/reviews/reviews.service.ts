import { sql, sqlTransaction, type SqlRunner, type SqlSource } from '../../db/sql';
import { formatOrderNumber } from '../../domain/order-number';
import type { PageWindow } from '../../contract/list-paging';
import type { AppServices } from '../../contract/app-services';
import { AppError } from '../../trpc/errors';
import { orderLineFacts, type OrderLineFacts } from '../orders';
import { requireReviewPhoto } from './review-photo';
import { reviewLine, type ReviewLinkReader } from './review-links';
import type { AdminReviewDto, ReviewDto, ReviewStatus, WrittenReviewDto } from './review.schema';

// Every read and write of the reviews (D37), one style: the SQL helper (the table is written by a buyer's link and the
// owner's queue, each a single statement, the buyer's with its webhook event in one transaction).

interface ReviewRow {
  id: number;
  productId: number;
  variant: string | null;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  photoUrl: string | null;
  status: ReviewStatus;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
}

const COLUMNS = `r.id, r.product_id as "productId", r.variant, r.rating, r.title, r.body, r.author_name as "authorName",
  r.photo_url as "photoUrl", r.status, r.reply, r.replied_at as "repliedAt", r.created_at as "createdAt"`;

const toReviewDto = (row: ReviewRow): ReviewDto => ({
  id: row.id,
  productId: row.productId,
  variant: row.variant,
  rating: row.rating,
  title: row.title,
  body: row.body,
  authorName: row.authorName,
  photoUrl: row.photoUrl,
  createdAt: row.createdAt.toISOString(),
  reply: row.reply,
  repliedAt: row.repliedAt?.toISOString() ?? null,
});

const toWrittenDto = (row: ReviewRow): WrittenReviewDto => ({ ...toReviewDto(row), status: row.status });

/** A product's approved reviews: how many, their average (one decimal, null when none) and a page of them, newest first. */
export async function productReviews(
  db: SqlSource,
  productId: number,
  window: PageWindow,
): Promise<{ count: number; average: string | null; reviews: ReviewDto[] }> {
  const [summary, rows] = await Promise.all([
    sql(db).query<{ count: number; average: string | null }>(
      `select count(*)::int as count, to_char(round(avg(rating), 1), 'FM0.0') as average
         from review where product_id = $1 and status = 'approved'`,
      [productId],
    ),
    sql(db).query<ReviewRow>(
      `select ${COLUMNS} from review r where r.product_id = $1 and r.status = 'approved'
        order by r.created_at desc, r.id desc limit $2 offset $3`,
      [productId, window.limit, window.offset],
    ),
  ]);
  return { count: summary[0]!.count, average: summary[0]!.average, reviews: rows.map(toReviewDto) };
}

/** What a review link is for: its order line, the buyer, and the review already written with it. */
export async function reviewRequest(db: SqlSource, links: ReviewLinkReader, token: string) {
  const line = await reviewLine(sql(db), links, token);
  const [written] = await sql(db).query<ReviewRow>(`select ${COLUMNS} from review r where r.order_item_id = $1`, [line.id]);
  return { line, review: written ? toWrittenDto(written) : null };
}

export interface ReviewFields {
  token: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  photoUrl?: string | null;
}

/**
 * Keeps a buyer's review of an order line (pending until the owner approves it) with its webhook event, in one
 * transaction: the line is read again inside it, the photo taken for good, and a second review of the same line is
 * a 409 REVIEW_EXISTS (the unique order line, so two tabs at once write one).
 */
export function createReview(
  db: SqlSource,
  services: Pick<AppServices, 'webhooks' | 'orderLinks'>,
  input: ReviewFields,
): Promise<WrittenReviewDto> {
  return sqlTransaction(db, async (tx) => {
    const line = await reviewLine(tx, services.orderLinks, input.token);
    const photoUrl = input.photoUrl ?? null;
    if (photoUrl) await requireReviewPhoto(tx, photoUrl);
    const [row] = await tx.query<AdminRow>(
      `insert into review as r (order_item_id, order_id, product_id, variant_id, variant, rating, title, body, author_name, photo_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (order_item_id) do nothing
       returning ${ADMIN_COLUMNS}`,
      [
        line.id,
        line.orderId,
        line.productId,
        line.variantId,
        line.variant,
        input.rating,
        input.title,
        input.body,
        input.authorName,
        photoUrl,
      ],
    );
    if (!row) throw reviewExists();
    await services.webhooks.record(tx, 'review.created', { object: toAdminDto(row, line) });
    return toWrittenDto(row);
  });
}

export const reviewExists = () =>
  new AppError('REVIEW_EXISTS', 'This item has been reviewed already: each item of an order is reviewed once', { field: 'token' });

interface AdminRow extends ReviewRow {
  orderItemId: number | null;
  orderId: number | null;
  isDemo: boolean;
  /** The product's current name (a demo review has no order line to name it as sold). */
  productName: string | null;
}

// The product's current name is read with the review (one subquery on the product's id) for a demo review, which
// has no order line that names it as sold.
const ADMIN_COLUMNS = `${COLUMNS}, r.order_item_id as "orderItemId", r.order_id as "orderId", r.is_demo as "isDemo",
  (select p.name from product p where p.id = r.product_id) as "productName"`;

/** A review as the owner's queue shows it, with its order line's facts (the orders module's) when it has one. */
function toAdminDto(row: AdminRow, line: OrderLineFacts | undefined): AdminReviewDto {
  return {
    ...toWrittenDto(row),
    productName: line?.name ?? row.productName ?? '',
    orderId: row.orderId,
    orderNumber: row.orderId === null ? null : formatOrderNumber(row.orderId),
    customerEmail: line?.customerEmail ?? null,
    isDemo: row.isDemo,
  };
}

/**
 * The admin rows with their order lines' facts (the orders module's) and, for a demo review without a line, the
 * product's name: one read of the lines for the whole page.
 */
async function withLines(runner: SqlRunner, rows: AdminRow[]): Promise<AdminReviewDto[]> {
  const ids = rows.flatMap((row) => (row.orderItemId === null ? [] : [row.orderItemId]));
  const lines = new Map((await orderLineFacts(runner, ids)).map((line) => [line.id, line]));
  return rows.map((row) => toAdminDto(row, row.orderItemId === null ? undefined : lines.get(row.orderItemId)));
}

/** A page of the owner's queue (one status, or all), newest first, with how many match. */
export async function adminReviews(
  db: SqlSource,
  status: ReviewStatus | undefined,
  window: PageWindow,
): Promise<[AdminReviewDto[], number]> {
  const runner = sql(db);
  const [rows, [total]] = await Promise.all([
    runner.query<AdminRow>(
      `select ${ADMIN_COLUMNS} from review r where ($1::text is null or r.status = $1)
        order by r.created_at desc, r.id desc limit $2 offset $3`,
      [status ?? null, window.limit, window.offset],
    ),
    runner.query<{ count: number }>(`select count(*)::int as count from review where ($1::text is null or status = $1)`, [status ?? null]),
  ]);
  return [await withLines(runner, rows), total!.count];
}

/** How many reviews wait for the owner (the admin's badge). */
export async function pendingReviewCount(db: SqlSource): Promise<number> {
  const [row] = await sql(db).query<{ count: number }>(`select count(*)::int as count from review where status = 'pending'`);
  return row!.count;
}

/**
 * The owner's decision on a review: its status, its reply (empty or null removes it; a new or changed reply is dated
 * now), or both, in one statement. 404 for an unknown id.
 */
export async function updateReview(
  db: SqlSource,
  id: number,
  change: { status?: ReviewStatus; reply?: string | null },
): Promise<AdminReviewDto> {
  const replyGiven = change.reply !== undefined;
  const reply = change.reply?.trim() ? change.reply.trim() : null;
  const runner = sql(db);
  const rows = await runner.query<AdminRow>(
    `update review r set status = coalesce($2, r.status),
            reply = case when $3 then $4 else r.reply end,
            replied_at = case when not $3 then r.replied_at when $4::text is null then null
                              when r.reply is distinct from $4 then now() else r.replied_at end,
            updated_at = now()
      where r.id = $1
      returning ${ADMIN_COLUMNS}`,
    [id, change.status ?? null, replyGiven, reply],
  );
  if (rows.length === 0) throw new AppError('NOT_FOUND', `No review with id ${id}`);
  return (await withLines(runner, rows))[0]!;
}
