import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, sqlTransaction } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';
import type { CommissionStatus } from '../../domain/commissions';
import { formatCents, toCents } from '../../domain/money';
import { AppError } from '../../trpc/errors';
import { moveCommissionOrder } from '../orders/commission-order';
import type { OrderMailSettings } from '../orders/order-email';
import { refundOrder } from '../orders/order-refunds.service';
import { orderRefunds } from '../orders/order-refund-history';
import { pageUrl } from './commission-mail';
import { commissionToken, findById, toCommissionDto } from './commissions.service';
import { fieldError, lockCommission, refuseMove } from './commission-work.service';

const OPEN: readonly CommissionStatus[] = ['requested', 'quoted'];
const BEING_MADE: readonly CommissionStatus[] = ['accepted', 'ready'];
// As long as a payment attempt may hold the commission (commission-payments.service.ts).
const LEASE_SECONDS = 120;

/**
 * Cancels a commission. Before the deposit nothing was paid: it is closed and the buyer told. After it (accepted or
 * ready), the agreed part of the deposit (`refundAmount`, 0.00 to what was paid) goes back through the order's
 * partial refund (the ledger, once), then the order is cancelled. The cancel first holds the commission as a
 * payment does, so a balance being paid and a second click wait their turn; a retry after a failure refunds only
 * what has not gone back yet. A paid commission is an order like any other: refunds go through the order.
 */
export async function cancelCommission(
  em: EntityManager,
  services: AppServices,
  id: number,
  refundAmount: number | undefined,
  mail: OrderMailSettings,
): Promise<void> {
  const commission = await findById(em.fork(), id);
  if (commission.status === 'cancelled') return;
  const status = commission.status as CommissionStatus;
  if (!OPEN.includes(status) && !BEING_MADE.includes(status)) throw refuseMove(status, 'cancelled', [...OPEN, ...BEING_MADE]);
  const paid = commission.paidCents;
  if (paid > 0 && refundAmount === undefined)
    throw fieldError(['refundAmount'], `is required: how much of the $${formatCents(paid)} paid goes back (0.00 keeps it all)`);
  const refund = paid > 0 ? refundAmount! : 0;
  if (refund > paid) throw fieldError(['refundAmount'], `must be at most the $${formatCents(paid)} paid`);

  if (BEING_MADE.includes(status)) await holdForCancel(em, id, status);
  const before = await toCommissionDto(em.fork(), commission);
  try {
    if (refund > 0 && commission.orderId) {
      const refunded = toCents((await orderRefunds(em.fork(), commission.orderId)).refunded);
      if (refunded < refund) {
        await refundOrder(em, services, {
          id: commission.orderId,
          amountCents: refund - refunded,
          reason: 'Commission cancelled: the agreed part of the deposit',
        });
      }
    }
    await sqlTransaction(em, async (tx) => {
      const now = await lockCommission(tx, id);
      if (now !== status) throw new AppError('CONFLICT', `The commission changed meanwhile: it is now ${now}`);
      if (commission.orderId) await moveCommissionOrder(tx, commission.orderId, 'pending', 'cancelled', 'Commission cancelled');
      await tx.query(
        `update commission set status = 'cancelled', refunded_cents = $2, payment_attempt = null, payment_attempt_at = null,
                updated_at = now() where id = $1`,
        [id, refund],
      );
      await services.mail.write(tx, [
        {
          to: commission.email,
          subject: 'Your commission was cancelled',
          kind: 'commission-cancelled',
          data: { name: commission.name, refunded: formatCents(refund), pageUrl: pageUrl(mail, commissionToken(services.orderLinks, id)) },
        },
      ]);
      await services.webhooks.record(tx, 'commission.updated', {
        object: {
          ...before,
          status: 'cancelled',
          refunded: formatCents(refund),
          due: '0.00',
          orderStatus: commission.orderId ? 'cancelled' : null,
        },
        previousAttributes: { status },
      });
    });
  } catch (error) {
    await sql(em).query(
      `update commission set payment_attempt = null, payment_attempt_at = null where id = $1 and payment_attempt = 'cancel'`,
      [id],
    );
    throw error;
  }
}

/** One statement: the cancel holds the commission (no payment may start, none is under way). */
async function holdForCancel(em: EntityManager, id: number, status: CommissionStatus) {
  const held = await sql(em).query(
    `update commission set payment_attempt = 'cancel', payment_attempt_at = now()
      where id = $1 and status = $2 and (payment_attempt_at is null or payment_attempt_at < now() - make_interval(secs => $3))
      returning id`,
    [id, status, LEASE_SECONDS],
  );
  if (held.length === 0)
    throw new AppError('CONFLICT', 'A payment or another cancel of this commission is under way: try again in a moment');
}
