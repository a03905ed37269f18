import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlTransaction } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';
import type { CommissionStatus } from '../../domain/commissions';
import { AppError } from '../../trpc/errors';
import type { OrderMailSettings } from '../orders/order-email';
import { pageUrl } from './commission-mail';
import { commissionToken, findById } from './commissions.service';
import { lockCommission, refuseMove } from './commission-work.service';

const OPEN: readonly CommissionStatus[] = ['requested', 'quoted'];

/**
 * Cancels a commission. Before the deposit nothing was paid: it is closed and the buyer told. After the deposit
 * the agreed part goes back through the ledger's partial refund, then the order is cancelled.
 */
export async function cancelCommission(
  em: EntityManager,
  services: Pick<AppServices, 'mail' | 'webhooks' | 'orderLinks'>,
  id: number,
  refundAmount: number | undefined,
  mail: OrderMailSettings,
): Promise<void> {
  const commission = await findById(em.fork(), id);
  if (commission.status === 'cancelled') return;
  if (commission.paidCents > 0) {
    throw new AppError('CONFLICT', 'Cancelling a commission after its deposit waits for partial refunds', {
      refundAmount: refundAmount ?? null,
    });
  }
  await sqlTransaction(em, async (tx) => {
    const status = await lockCommission(tx, id);
    if (!OPEN.includes(status)) throw refuseMove(status, 'cancelled', [...OPEN, 'accepted', 'ready']);
    await tx.query(`update commission set status = 'cancelled', payment_attempt = null, updated_at = now() where id = $1`, [id]);
    await services.mail.write(tx, [
      {
        to: commission.email,
        subject: 'Your commission was cancelled',
        kind: 'commission-cancelled',
        data: { name: commission.name, refunded: '0.00', pageUrl: pageUrl(mail, commissionToken(services.orderLinks, id)) },
      },
    ]);
  });
}
