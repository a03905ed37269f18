import { sqlTransaction, type SqlSource } from '../../db/sql';
import { requireServed } from '../checkout';
import type { AppServices } from '../../contract/app-services';
import { requireUploads } from './commission-photos';
import type { OrderMailSettings } from '../orders';
import type { CommissionRequestInput } from './commission.schema';
import type { CommissionDto } from './commission-answers.schema';
import { adminUrl, mailFacts, oneLine, pageUrl } from './commission-mail';
import { commissionToken } from './commissions.service';

/**
 * Keeps a buyer's request with its emails (the acknowledgement with the page's link, the owner's notice) and its
 * webhook event, in one transaction of statements: all of it or none. Each reference photo must be an image the
 * upload pipeline stored (its metadata already dropped); a url it did not answer is a 400 naming the photo.
 */
export async function requestCommission(
  db: SqlSource,
  services: Pick<AppServices, 'mail' | 'webhooks' | 'orderLinks' | 'salesSettings'>,
  input: CommissionRequestInput,
  mail: OrderMailSettings,
): Promise<{ id: number; token: string }> {
  // D39: a piece is quoted only for a state the shop ships to.
  requireServed(await services.salesSettings.rules(db), input.shipToState, 'shipToState');
  return sqlTransaction(db, async (tx) => {
    await requireUploads(tx, input.photos, (index) => ['photos', index]);
    const [row] = await tx.query<{ id: number; created_at: Date }>(
      `insert into commission (status, name, email, purpose, wood, size, budget, needed_by, ship_to_state, photos,
                               created_at, updated_at)
       values ('requested', $1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, now(), now())
       returning id, created_at`,
      [
        input.name,
        input.email,
        input.purpose,
        input.wood,
        input.size,
        input.budget,
        input.neededBy ?? null,
        input.shipToState,
        JSON.stringify(input.photos),
      ],
    );
    const id = row!.id;
    const token = commissionToken(services.orderLinks, id);
    const facts = mailFacts(id, input);
    await services.mail.write(tx, [
      {
        to: input.email,
        subject: 'We received your commission request',
        kind: 'commission-acknowledgement',
        data: { commission: facts, pageUrl: pageUrl(mail, token) },
      },
      {
        to: mail.ownerEmail,
        subject: oneLine(`New commission request from ${input.name}`),
        replyTo: input.email,
        kind: 'commission-notification',
        data: { headline: `${input.name} asked for a piece turned to order.`, commission: facts, adminUrl: adminUrl(mail, id) },
      },
    ]);
    const object: CommissionDto = {
      id,
      status: 'requested',
      name: input.name,
      email: input.email,
      purpose: input.purpose,
      wood: input.wood,
      size: input.size,
      budget: input.budget,
      neededBy: input.neededBy ?? null,
      shipToState: input.shipToState,
      photos: input.photos,
      quote: null,
      acceptedQuoteVersion: null,
      updates: [],
      paid: '0.00',
      refunded: '0.00',
      due: '0.00',
      orderId: null,
      orderStatus: null,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      createdAt: new Date(row!.created_at).toISOString(),
    };
    await services.webhooks.record(tx, 'commission.requested', { object });
    return { id, token };
  });
}
