import type { EntityManager } from '@mikro-orm/postgresql';
import type { CommissionBudget, CommissionStatus, CommissionWood } from '../../domain/commissions';
import { formatCents, lineCents, toCents } from '../../domain/money';
import type { OrderStatus } from '../../domain/order-statuses';
import { trackingUrl, type Carrier } from '../../domain/order-transitions';
import type { StateCode } from '../../domain/states';
import { pageWindow } from '../../contract/list-paging';
import type { AppServices } from '../../contract/app-services';
import { COMMISSION_LINK_PREFIX, commissionIdOfLinkValue } from '../../domain/payment-purpose';
import { AppError } from '../../trpc/errors';
import { findOrder } from '../orders';
import { orderMoney } from '../payments';
import { sql } from '../../db/sql';
import { Commission, type ICommission, type ICommissionQuote } from './commission.entity';
import type { AdminCommissionDto, CommissionDto, CommissionListInput, QuoteDto } from './commission-answers.schema';

// The commissions read back: the buyer's page (by its link's token), the owner's list, one commission, the badge.

/** What signs the buyer's links: the order links' key (kept in the database, shared by every instance, 180 days). */
export type LinkSigner = Pick<AppServices['orderLinks'], 'sign' | 'verify'>;

/** The token of a commission's page: signed anew for each email, each good for 180 days. */
export const commissionToken = (links: LinkSigner, id: number) => links.sign(`${COMMISSION_LINK_PREFIX}${id}`);

/** The commission id a token was signed for, or undefined (malformed, forged, expired, or an order's link). */
export const commissionIdOf = (links: LinkSigner, token: string): number | undefined => commissionIdOfLinkValue(links.verify(token));

/** Today as the shop's quotes count days (UTC), 2026-11-24. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

/** A date column as text: the ORM may hand back a string or a Date at local midnight. */
export function dateText(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}

const POPULATE = ['quotes', 'updates'] as const;

/** The commission a link's token opens, or 404 (the same for a malformed, made-up or unknown token). */
export async function findByToken(em: EntityManager, links: LinkSigner, token: string): Promise<ICommission> {
  const id = commissionIdOf(links, token);
  const commission = id === undefined ? null : await em.findOne(Commission, { id }, { populate: POPULATE });
  if (!commission) throw new AppError('NOT_FOUND', 'Commission not found');
  return commission;
}

export async function findById(em: EntityManager, id: number): Promise<ICommission> {
  const commission = await em.findOne(Commission, { id }, { populate: POPULATE });
  if (!commission) throw new AppError('NOT_FOUND', `No commission with id ${id}`);
  return commission;
}

/** The commission whose accepted quote an order is, if any. */
export async function commissionIdOfOrder(em: EntityManager, orderId: number): Promise<number | null> {
  const commission = await em.findOne(Commission, { orderId }, { fields: ['id'] });
  return commission?.id ?? null;
}

export async function commissionByToken(em: EntityManager, links: LinkSigner, token: string): Promise<CommissionDto> {
  return toCommissionDto(em, await findByToken(em, links, token));
}

export async function loadAdminCommission(em: EntityManager, id: number): Promise<AdminCommissionDto> {
  return toAdminCommissionDto(em, await findById(em, id));
}

/** A fresh read of one commission for the owner (after a write made by statements). */
export async function freshAdminCommission(em: EntityManager, id: number): Promise<AdminCommissionDto> {
  return loadAdminCommission(em.fork(), id);
}

/** A fresh read of one commission for the buyer. */
export async function freshCommission(em: EntityManager, id: number): Promise<CommissionDto> {
  const fork = em.fork();
  return toCommissionDto(fork, await findById(fork, id));
}

export async function commissionsPage(em: EntityManager, input: CommissionListInput) {
  const [rows, total] = await em.findAndCount(Commission, input.status ? { status: input.status } : {}, {
    populate: POPULATE,
    orderBy: { createdAt: 'desc', id: 'desc' },
    ...pageWindow(input),
  });
  const commissions: AdminCommissionDto[] = [];
  for (const row of rows) commissions.push(await toAdminCommissionDto(em, row));
  return { commissions, total };
}

/** New requests not yet quoted: the admin's badge. */
export function requestedCount(em: EntityManager): Promise<number> {
  return em.count(Commission, { status: 'requested' });
}

/** The quotes, oldest first. */
export function quotesOf(commission: ICommission): ICommissionQuote[] {
  return commission.quotes.getItems().sort((a, b) => a.version - b.version);
}

export function currentQuote(commission: ICommission): ICommissionQuote | undefined {
  return quotesOf(commission).at(-1);
}

export function toQuoteDto(quote: ICommissionQuote, now = new Date()): QuoteDto {
  const validUntil = dateText(quote.validUntil);
  return {
    version: quote.version,
    lines: quote.lines.map((line) => ({
      description: line.description,
      price: formatCents(toCents(line.price)),
      quantity: line.quantity,
      lineTotal: formatCents(lineCents(line.price, line.quantity)),
      // Only on a line that names a piece of the shop (D38): a line of free text answers as before.
      ...(line.productId === undefined ? {} : { productId: line.productId }),
      ...(line.variantId === undefined ? {} : { variantId: line.variantId, variant: line.variant ?? '' }),
    })),
    weight: Number(quote.weight),
    subtotal: quote.subtotal,
    shipping: quote.shipping,
    discountCode: quote.discountCode ?? null,
    discount: quote.discount,
    tax: quote.tax,
    total: quote.total,
    deposit: quote.deposit,
    balance: formatCents(toCents(quote.total) - toCents(quote.deposit)),
    leadTimeDays: quote.leadTimeDays,
    validUntil,
    message: quote.message ?? null,
    expired: validUntil < today(now),
    createdAt: quote.createdAt.toISOString(),
  };
}

/** What the buyer is asked to pay now, in cents. */
export function dueCents(commission: ICommission): number {
  const quote = currentQuote(commission);
  if (!quote) return 0;
  if (commission.status === 'quoted') return toCents(quote.deposit);
  if (commission.status === 'ready') return balanceCents(commission);
  return 0;
}

/** The balance of the accepted quote: its total less the deposit. */
export function balanceCents(commission: ICommission): number {
  const accepted = quotesOf(commission).find((quote) => quote.version === commission.acceptedQuoteVersion);
  return accepted ? toCents(accepted.total) - toCents(accepted.deposit) : 0;
}

export async function toCommissionDto(em: EntityManager, commission: ICommission): Promise<CommissionDto> {
  const quote = currentQuote(commission);
  const order = commission.orderId ? await findOrder(em, commission.orderId) : null;
  return {
    id: commission.id,
    status: commission.status as CommissionStatus,
    name: commission.name,
    email: commission.email,
    purpose: commission.purpose,
    wood: commission.wood as CommissionWood,
    size: commission.size,
    budget: commission.budget as CommissionBudget,
    neededBy: commission.neededBy ? dateText(commission.neededBy) : null,
    shipToState: commission.shipToState as StateCode,
    photos: commission.photos,
    quote: quote ? toQuoteDto(quote) : null,
    acceptedQuoteVersion: commission.acceptedQuoteVersion ?? null,
    updates: commission.updates
      .getItems()
      .sort((a, b) => a.id - b.id)
      .map((update) => ({ id: update.id, text: update.text, photo: update.photo ?? null, createdAt: update.createdAt.toISOString() })),
    paid: formatCents(commission.paidCents),
    // D36: what the ledger gave back of the commission's payments, whichever path refunded it.
    refunded: formatCents(order ? (await orderMoney(sql(em), order.id)).refundedCents : 0),
    due: formatCents(dueCents(commission)),
    orderId: commission.orderId ?? null,
    orderStatus: (order?.status as OrderStatus | undefined) ?? null,
    carrier: (order?.carrier as Carrier | undefined) ?? null,
    trackingNumber: order?.trackingNumber ?? null,
    trackingUrl: trackingUrl(order?.carrier, order?.trackingNumber),
    createdAt: commission.createdAt.toISOString(),
  };
}

export async function toAdminCommissionDto(em: EntityManager, commission: ICommission): Promise<AdminCommissionDto> {
  return {
    ...(await toCommissionDto(em, commission)),
    quotes: quotesOf(commission).map((quote) => toQuoteDto(quote)),
    notes: commission.notes ?? null,
  };
}
