import { sqlTransaction, type SqlRunner } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';
import type { CommissionStatus } from '../../domain/commissions';
import { formatCents, toCents } from '../../domain/money';
import { AppError } from '../../trpc/errors';
import { countQuotedUse } from '../discounts';
import { insertCommissionOrder, moveCommissionOrder, reserveOrderId, type OrderMailSettings, claimPayment } from '../orders';
import { commissionPurpose } from '../../domain/payment-purpose';
import type { ProviderContext } from '../payments';
import type { ICommission } from './commission.entity';
import type { AcceptInput, BalanceInput } from './commission.schema';
import type { CommissionDto } from './commission-answers.schema';
import { adminUrl, mailFacts, pageUrl } from './commission-mail';
import { fieldError, refuseMove } from './commission-moves';
import {
  balanceCents,
  commissionToken,
  currentQuote,
  findByToken,
  freshCommission,
  toCommissionDto,
  toQuoteDto,
  today,
} from './commissions.service';
import { attemptKey, lockedState, startAttempt, takePayment, undo, type What } from './commission-payment-steps';

// The buyer's two payments: the deposit (accepting a quote) and the balance (a finished piece). Each is taken
// exactly once, whatever the clicks or tabs:
//  1. every check that needs no lock (the quote's version and day, the amount the buyer saw) refuses first;
//  2. one statement marks the commission as being paid by this attempt; a second attempt meanwhile is refused
//     (409 PAYMENT_IN_PROGRESS) before any provider is asked, and one after the payment answers 409 ALREADY_PAID,
//     or the same commission when it repeats the very payment that was taken (a double click);
//  3. the provider is called with no transaction or lock, through the payment ledger and its idempotency keys;
//  4. one short transaction locks the commission, checks again, claims the payment in the ledger for the order and
//     writes the order, the commission, the emails and the webhook event.
// If anything fails once money was taken, it is refunded after the rollback (the ledger's recovery pass does it
// should this process stop first): a captured payment always ends in an order or a refund.

type Services = AppServices;

/** The quote's deposit, paid once: the commission becomes `accepted` and its order (kind commission) exists. */
export async function acceptQuote(
  ctx: ProviderContext & { clientKey: string },
  services: Services,
  input: AcceptInput,
  mail: OrderMailSettings,
) {
  const commission = await findByToken(ctx.em.fork(), services.orderLinks, input.token);
  const key = attemptKey('deposit', input.payment);
  const repeat = await settledRepeat(ctx.em, commission, key, ['accepted', 'ready', 'paid']);
  if (repeat) return repeat;
  const quote = currentQuote(commission);
  if (commission.status !== 'quoted' || !quote) throw refuseMove(commission.status as CommissionStatus, 'accepted', ['quoted']);
  refuseStaleQuote(input.quoteVersion, quote.version, toQuoteDto(quote).expired);
  const deposit = toCents(quote.deposit);
  if (input.amount !== deposit) throw fieldError(['amount'], `must be the quote's deposit of ${formatCents(deposit)}`);
  if (input.shippingAddress.state !== commission.shipToState) {
    throw fieldError(['shippingAddress', 'state'], `must be ${commission.shipToState}, the state the quote's shipping and tax are for`);
  }

  const before = await toCommissionDto(ctx.em.fork(), commission);
  await startAttempt(ctx.db, services, commission, 'quoted', key);
  const taken = await takePayment(ctx, services, commission.id, 'deposit', input.payment, deposit);
  const orderId = await reserveOrderId(ctx.db).catch(async (error: unknown) => {
    throw await undo(ctx, services, commission.id, key, taken, error);
  });
  try {
    await sqlTransaction(ctx.db, async (tx) => {
      const state = await lockedState(tx, commission.id);
      if (state.status !== 'quoted' || state.attempt !== key) throw new AppError('ALREADY_PAID', 'This quote was accepted meanwhile');
      refuseStaleQuote(input.quoteVersion, state.version, state.validUntil < today());
      await claimPayment(tx, taken, orderId, commissionPurpose(commission.id, 'deposit'));
      await insertCommissionOrder(tx, {
        id: orderId,
        customerEmail: commission.email,
        customerName: commission.name,
        shippingAddress: input.shippingAddress,
        billingAddress: input.billingAddress,
        subtotal: quote.subtotal,
        shipping: quote.shipping,
        tax: quote.tax,
        total: quote.total,
        discountCode: quote.discountCode ?? null,
        discount: quote.discount,
        paymentMethod: taken.method,
        paypalOrderId: taken.paypalOrderId,
        paypalCaptureId: taken.method === 'paypal' ? taken.paymentId : null,
        squarePaymentId: taken.method === 'square' ? taken.paymentId : null,
      });
      // The code on the quote is used once, by the deposit that accepts it, in the order's own transaction (D40).
      if (quote.discountCodeId)
        await countQuotedUse(tx, quote.discountCodeId, { orderId, email: commission.email, cents: toCents(quote.discount) });
      await tx.query(
        `update commission set status = 'accepted', order_id = $2, accepted_quote_version = $3, deposit_method = $4, deposit_payment_id = $5,
                paid_cents = paid_cents + $6, payment_attempt_at = null, updated_at = now()
          where id = $1`,
        [commission.id, orderId, quote.version, taken.method, taken.paymentId, taken.amountCents],
      );
      await writeNotices(tx, services, commission, mail, 'deposit', taken.amountCents);
      await services.webhooks.record(tx, 'commission.accepted', {
        object: {
          ...before,
          status: 'accepted',
          acceptedQuoteVersion: quote.version,
          paid: formatCents(commission.paidCents + taken.amountCents),
          due: '0.00',
          orderId,
          orderStatus: 'pending',
        },
      });
    });
  } catch (error) {
    throw await undo(ctx, services, commission.id, key, taken, error);
  }
  services.logger.info({ commissionId: commission.id, orderId, deposit: formatCents(taken.amountCents) }, 'commission accepted');
  return freshCommission(ctx.em, commission.id);
}

/** The balance of a ready piece, paid once: the order becomes paid (completed) and ships as any order. */
export async function payBalance(
  ctx: ProviderContext & { clientKey: string },
  services: Services,
  input: BalanceInput,
  mail: OrderMailSettings,
) {
  const commission = await findByToken(ctx.em.fork(), services.orderLinks, input.token);
  const key = attemptKey('balance', input.payment);
  const repeat = await settledRepeat(ctx.em, commission, key, ['paid']);
  if (repeat) return repeat;
  if (commission.status !== 'ready' || !commission.orderId) throw refuseMove(commission.status as CommissionStatus, 'paid', ['ready']);
  const balance = balanceCents(commission);
  if (input.amount !== balance) throw fieldError(['amount'], `must be the balance of ${formatCents(balance)}`);
  const orderId = commission.orderId;

  const before = await toCommissionDto(ctx.em.fork(), commission);
  await startAttempt(ctx.db, services, commission, 'ready', key);
  const taken = await takePayment(ctx, services, commission.id, 'balance', input.payment, balance);
  try {
    await sqlTransaction(ctx.db, async (tx) => {
      const state = await lockedState(tx, commission.id);
      if (state.status !== 'ready' || state.attempt !== key) throw new AppError('ALREADY_PAID', 'The balance was paid meanwhile');
      await claimPayment(tx, taken, orderId, commissionPurpose(commission.id, 'balance'));
      if (!(await moveCommissionOrder(tx, orderId, 'pending', 'completed', 'Balance paid')))
        throw new AppError('CONFLICT', "The commission's order changed meanwhile: it is no longer waiting for its balance");
      await tx.query(
        `update commission set status = 'paid', balance_method = $2, balance_payment_id = $3, paid_cents = paid_cents + $4,
                payment_attempt_at = null, updated_at = now()
          where id = $1`,
        [commission.id, taken.method, taken.paymentId, taken.amountCents],
      );
      await writeNotices(tx, services, commission, mail, 'balance', taken.amountCents);
      await services.webhooks.record(tx, 'commission.updated', {
        object: {
          ...before,
          status: 'paid',
          paid: formatCents(commission.paidCents + taken.amountCents),
          due: '0.00',
          orderStatus: 'completed',
        },
        previousAttributes: { status: 'ready' },
      });
    });
  } catch (error) {
    throw await undo(ctx, services, commission.id, key, taken, error);
  }
  services.logger.info({ commissionId: commission.id, orderId, balance: formatCents(taken.amountCents) }, 'commission balance paid');
  return freshCommission(ctx.em, commission.id);
}

/** A repeat of the very payment that was taken (a double click that came late): the same commission, no charge. */
async function settledRepeat(
  em: ProviderContext['em'],
  commission: ICommission,
  key: string,
  after: string[],
): Promise<CommissionDto | undefined> {
  if (!after.includes(commission.status)) return undefined;
  if (commission.paymentAttempt === key && !commission.paymentAttemptAt) return freshCommission(em, commission.id);
  throw new AppError('ALREADY_PAID', commission.status === 'paid' ? 'The balance is paid already' : 'This quote was accepted already');
}

function refuseStaleQuote(asked: number, current: number, expired: boolean) {
  if (asked > current) throw fieldError(['quoteVersion'], `is not a version of this quote (the current one is ${current})`);
  if (asked < current) {
    throw new AppError('QUOTE_REPLACED', `Quote version ${asked} was replaced by version ${current}: read it and accept that one`, {
      currentVersion: current,
    });
  }
  if (expired) throw new AppError('QUOTE_EXPIRED', "This quote's last day has passed: ask the workshop for a new one");
}

/** The buyer's receipt and the owner's notice of a payment. */
async function writeNotices(
  tx: SqlRunner,
  services: Services,
  commission: ICommission,
  mail: OrderMailSettings,
  what: What,
  cents: number,
) {
  const amount = formatCents(cents);
  await services.mail.write(tx, [
    {
      to: commission.email,
      subject: what === 'deposit' ? 'We received your deposit' : 'We received your balance',
      kind: 'commission-payment',
      data: { name: commission.name, what, amount, pageUrl: pageUrl(mail, commissionToken(services.orderLinks, commission.id)) },
    },
    {
      to: mail.ownerEmail,
      subject:
        what === 'deposit'
          ? `Commission accepted: deposit of $${amount} from ${commission.name}`
          : `Commission balance paid by ${commission.name}: ship it`,
      replyTo: commission.email,
      kind: 'commission-notification',
      data: {
        headline:
          what === 'deposit'
            ? `${commission.name} accepted the quote and paid the deposit of $${amount}.`
            : `${commission.name} paid the balance of $${amount}: the order can ship.`,
        commission: mailFacts(commission.id, commission),
        adminUrl: adminUrl(mail, commission.id),
      },
    },
  ]);
}
