import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, sqlTransaction, type SqlRunner } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';
import type { CommissionStatus } from '../../domain/commissions';
import { formatCents } from '../../domain/money';
import { AppError } from '../../trpc/errors';
import { moveCommissionOrder, type OrderMailSettings, decideRefund } from '../orders';
import { sendRefunds, attemptLeaseSeconds, pendingRefundsOfOrder } from '../payments';
import { pageUrl } from './commission-mail';
import { commissionToken, findById, toCommissionDto } from './commissions.service';
import { fieldError, lockCommission, refuseMove } from './commission-moves';

const OPEN: readonly CommissionStatus[] = ['requested', 'quoted'];
const BEING_MADE: readonly CommissionStatus[] = ['accepted', 'ready'];

/**
 * Cancels a commission. Before the deposit nothing was paid: it is closed and the buyer told. After it (accepted or
 * ready), the agreed part of what was paid (`refundAmount`, 0.00 to all of it) goes back through the order's ledger.
 * Everything is decided in one short transaction with the commission locked, as a payment's own transaction does:
 * a "ready" or a balance at the same moment waits, then sees the commission cancelled (and a cancel waits for them),
 * and a payment still being taken (its attempt's lease) makes the cancel wait its turn (409) before anything is
 * decided. The refund (what was agreed, less what order refunds gave back already) is written in that transaction and
 * sent after it, with nothing locked; one the provider does not answer stays pending and the recovery pass sends it
 * with the same key. The buyer's email says what the ledger gave back in all (D36). A paid commission is an order
 * like any other: refunds go through the order.
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

  const before = await toCommissionDto(em.fork(), commission);
  const orderId = commission.orderId;
  const decided = await sqlTransaction(em, async (tx) => {
    const now = await lockedForCancel(tx, services, id);
    if (now.status === 'cancelled') return false;
    if (!OPEN.includes(now.status) && !BEING_MADE.includes(now.status)) throw refuseMove(now.status, 'cancelled', [...OPEN, ...BEING_MADE]);
    if (now.paidCents !== paid) throw new AppError('CONFLICT', `The commission changed meanwhile: it is now ${now.status}`);
    let refunded = 0;
    if (orderId) {
      // What was agreed goes back in all, counting what order refunds gave back already.
      refunded = await decideRefund(tx, services, orderId, refund, REASON);
      await moveCommissionOrder(tx, orderId, 'pending', 'cancelled', 'Commission cancelled');
    }
    await tx.query(
      `update commission set status = 'cancelled', refunded_cents = $2, payment_attempt = null, payment_attempt_at = null,
              updated_at = now() where id = $1`,
      [id, refunded],
    );
    await services.mail.write(tx, [
      {
        to: commission.email,
        subject: 'Your commission was cancelled',
        kind: 'commission-cancelled',
        data: { name: commission.name, refunded: formatCents(refunded), pageUrl: pageUrl(mail, commissionToken(services.orderLinks, id)) },
      },
    ]);
    await services.webhooks.record(tx, 'commission.updated', {
      object: { ...before, status: 'cancelled', refunded: formatCents(refunded), due: '0.00', orderStatus: orderId ? 'cancelled' : null },
      previousAttributes: { status: now.status },
    });
    return true;
  });
  if (!decided || !orderId) return;
  const pending = await pendingRefundsOfOrder(sql(em), orderId);
  try {
    await sendRefunds(em, services.payments, pending);
  } catch (error) {
    // Decided and kept: the recovery pass sends it again with the same key; the cancel itself stands.
    services.logger.warn(
      { commissionId: id, orderId, err: { message: (error as Error).message } },
      'commission cancel refund left pending',
    );
  }
}

const REASON = 'Commission cancelled: the agreed part of what was paid';

/**
 * The commission locked for the rest of the transaction, as it is now; 409 while a payment attempt holds it (its
 * lease not run out): the money being taken would otherwise be refunded by the payment's own checks.
 */
async function lockedForCancel(tx: SqlRunner, services: AppServices, id: number) {
  await lockCommission(tx, id);
  const [row] = await tx.query<{ status: CommissionStatus; paid_cents: number; paying: boolean }>(
    `select status, paid_cents,
            coalesce(payment_attempt_at > now() - make_interval(secs => $2), false) as paying
       from commission where id = $1`,
    [id, attemptLeaseSeconds(services.payments)],
  );
  if (row!.paying) throw new AppError('CONFLICT', 'A payment of this commission is under way: try again in a moment');
  return { status: row!.status, paidCents: row!.paid_cents };
}
