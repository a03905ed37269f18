import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlTransaction } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';
import type { CommissionStatus } from '../../domain/commissions';
import { formatCents } from '../../domain/money';
import { quoteTotals } from '../../domain/quote-totals';
import type { SalesRules } from '../../domain/sales-rules';
import { stateName, type StateCode } from '../../domain/states';
import { requireFirstUseBy, requireMinimum, usableDiscount, type UsableDiscount } from '../discounts';
import type { OrderMailSettings } from '../orders';
import type { AdminCommissionDto } from './commission-answers.schema';
import { QUOTE_MAX_CENTS, type ChangeInput, type QuoteInput, type UpdateInput } from './commission-owner.schema';
import { pageUrl } from './commission-mail';
import { requireUploads } from './commission-photos';
import { cancelCommission } from './commission-cancel.service';
import { quotePieces } from './commission-quote-pieces';
import { fieldError, lockCommission, refuseMove } from './commission-moves';
import { balanceCents, commissionToken, findById, freshAdminCommission, toCommissionDto, today } from './commissions.service';

// The owner's work on a commission: quotes, the build log, ready. Each write is one short transaction of
// statements that first locks the commission's row and checks its status there, so two tabs of the admin (or
// the owner and a paying buyer) never both move it; its email and webhook event are written in it.

type Services = AppServices;

/**
 * The quote's figures (server/domain/quote-totals.ts, which the owner's editor shows as the owner types): shipping
 * as for any order by the shop's settings (D39) unless the owner set it by hand, the discount code the owner put on
 * it (D40: its minimum judged on the goods before it, 400 DISCOUNT_MINIMUM naming discountCode), tax on the goods
 * after it, the deposit.
 * Each is at most QUOTE_MAX_CENTS, the most one payment may take (within its numeric(10,2) column), so the buyer
 * can pay the deposit and the balance of any quote saved; beyond it, 400 naming the field the owner changes (the
 * lines for the total, the deposit's field for the deposit and the balance), before anything is written.
 */
export function quoteFigures(input: QuoteInput, state: StateCode, rules: SalesRules, code: UsableDiscount | null = null) {
  const tooLarge = (cents: number, what: string) =>
    `${what} ${formatCents(cents)}, more than the ${formatCents(QUOTE_MAX_CENTS)} a quote may total (the most one payment may take)`;
  // Each line and their sum are bounded by the schema (commission-owner.schema.ts); the total bounds the rest.
  const totals = quoteTotals({ ...input, discount: code }, rules, state);
  const { subtotal, discount, tax, total } = totals;
  if (code) requireMinimum(code, subtotal);
  // The shop stopped shipping there since the request: the owner names the shipping.
  if (totals.shipping === null) {
    throw fieldError(['shipping'], `is needed: the shop does not ship to ${stateName(state)}, so set the shipping by hand`);
  }
  const shipping = totals.shipping;
  if (total > QUOTE_MAX_CENTS) {
    throw fieldError(['lines'], tooLarge(total, `make a total (with shipping ${formatCents(shipping)} and tax ${formatCents(tax)}) of`));
  }
  const deposit = totals.deposit;
  const depositField = input.depositAmount === undefined ? 'depositPercent' : 'depositAmount';
  if (deposit > total) throw fieldError([depositField], `must be at most the total of ${formatCents(total)}`);
  if (deposit <= 0) throw fieldError([depositField], 'must be more than 0.00');
  // Implied by the total's bound; checked so a change of rounding above can never save a balance nobody can pay.
  if (deposit > QUOTE_MAX_CENTS) throw fieldError([depositField], tooLarge(deposit, 'makes a deposit of'));
  if (total - deposit > QUOTE_MAX_CENTS) throw fieldError([depositField], tooLarge(total - deposit, 'leaves a balance of'));
  return { subtotal, shipping, discount, tax, total, deposit };
}

const QUOTABLE: readonly CommissionStatus[] = ['requested', 'quoted'];

/**
 * A new quote: version one more than the last (the earlier ones are kept; only the newest can be accepted), the
 * commission `quoted`, and the buyer emailed it with the page's link.
 */
export async function sendQuote(
  em: EntityManager,
  services: Services,
  input: QuoteInput,
  mail: OrderMailSettings,
): Promise<AdminCommissionDto> {
  if (input.validUntil < today()) throw fieldError(['validUntil'], `must be today (${today()}) or later`);
  const commission = await findById(em, input.id);
  // The code is checked to work now, when the quote is sent: the quote then holds its price until its last day, and
  // the deposit counts the code's use (commission-payments.service.ts).
  const code = input.discountCode ? await usableDiscount(em, input.discountCode) : null;
  if (code) await requireFirstUseBy(em, code, commission.email);
  const figures = quoteFigures(input, commission.shipToState as StateCode, await services.salesSettings.rules(em), code);
  // Read before the transaction, as the figures are: the owner's own catalogue, which no buyer moves.
  const pieces = await quotePieces(em, input.lines);
  await sqlTransaction(em, async (tx) => {
    const status = await lockCommission(tx, input.id);
    if (!QUOTABLE.includes(status)) throw refuseMove(status, 'quoted', QUOTABLE);
    const [quote] = await tx.query<{ version: number }>(
      `insert into commission_quote (commission_id, version, lines, weight, subtotal, shipping, tax, total, deposit, lead_time_days,
                                     valid_until, message, discount_code, discount, discount_code_id, created_at)
       select $1, coalesce(max(version), 0) + 1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now()
         from commission_quote where commission_id = $1
       returning version`,
      [
        input.id,
        JSON.stringify(
          input.lines.map((line, index) => ({
            description: line.description,
            price: formatCents(line.price),
            quantity: line.quantity,
            ...pieces[index],
          })),
        ),
        input.weight,
        formatCents(figures.subtotal),
        formatCents(figures.shipping),
        formatCents(figures.tax),
        formatCents(figures.total),
        formatCents(figures.deposit),
        input.leadTimeDays,
        input.validUntil,
        input.message?.trim() || null,
        code?.code ?? null,
        formatCents(figures.discount),
        code?.id ?? null,
      ],
    );
    await tx.query(`update commission set status = 'quoted', updated_at = now() where id = $1`, [input.id]);
    await services.mail.write(tx, [
      {
        to: commission.email,
        subject: quote!.version > 1 ? 'An updated quote for your commission' : 'Your commission quote',
        kind: 'commission-quote',
        data: {
          name: commission.name,
          quote: {
            version: quote!.version,
            lines: input.lines.map((line, index) => ({
              description: line.description,
              ...(pieces[index]!.variant === undefined ? {} : { variant: pieces[index]!.variant }),
              quantity: line.quantity,
              lineTotal: formatCents(line.price * line.quantity),
            })),
            subtotal: formatCents(figures.subtotal),
            shipping: formatCents(figures.shipping),
            ...(code ? { discountCode: code.code, discount: formatCents(figures.discount) } : {}),
            tax: formatCents(figures.tax),
            total: formatCents(figures.total),
            deposit: formatCents(figures.deposit),
            leadTimeDays: input.leadTimeDays,
            validUntil: input.validUntil,
            message: input.message?.trim() || null,
          },
          pageUrl: pageUrl(mail, commissionToken(services.orderLinks, input.id)),
        },
      },
    ]);
  });
  return freshAdminCommission(em, input.id);
}

const BEING_MADE: readonly CommissionStatus[] = ['accepted', 'ready', 'paid'];

/** A build-log entry: kept, emailed to the buyer (with its photo), and sent as the commission.updated webhook. */
export async function postUpdate(
  em: EntityManager,
  services: Services,
  input: UpdateInput,
  mail: OrderMailSettings,
): Promise<AdminCommissionDto> {
  const commission = await findById(em, input.id);
  const before = await toCommissionDto(em, commission);
  await sqlTransaction(em, async (tx) => {
    const status = await lockCommission(tx, input.id);
    if (!BEING_MADE.includes(status)) throw refuseMove(status, 'given a build-log entry', BEING_MADE);
    await requireUploads(tx, input.photo ? [input.photo] : [], () => ['photo']);
    const [row] = await tx.query<{ id: number; created_at: Date }>(
      `insert into commission_update (commission_id, text, photo, created_at) values ($1, $2, $3, now()) returning id, created_at`,
      [input.id, input.text, input.photo ?? null],
    );
    const update = { id: row!.id, text: input.text, photo: input.photo ?? null, createdAt: new Date(row!.created_at).toISOString() };
    await services.mail.write(tx, [
      {
        to: commission.email,
        subject: 'News of your commission',
        kind: 'commission-update',
        data: {
          name: commission.name,
          text: input.text,
          photoUrl: input.photo ? `${mail.origin}${input.photo}` : null,
          pageUrl: pageUrl(mail, commissionToken(services.orderLinks, input.id)),
        },
      },
    ]);
    await services.webhooks.record(tx, 'commission.updated', {
      object: { ...before, status, updates: [...before.updates, update] },
      update,
    });
  });
  return freshAdminCommission(em, input.id);
}

/**
 * The owner's changes: notes; `ready` (from accepted: the buyer is emailed the balance, webhook commission.updated);
 * `cancelled` (commission-cancel.service.ts: before the deposit nothing to give back, after it the agreed part).
 */
export async function changeCommission(
  em: EntityManager,
  services: Services,
  input: ChangeInput,
  mail: OrderMailSettings,
): Promise<AdminCommissionDto> {
  if (input.refundAmount !== undefined && input.status !== 'cancelled')
    throw fieldError(['refundAmount'], 'is only for cancelling a commission');
  if (input.notes !== undefined) {
    await sqlTransaction(em, async (tx) => {
      await lockCommission(tx, input.id);
      await tx.query('update commission set notes = $2, updated_at = now() where id = $1', [input.id, input.notes || null]);
    });
  }
  if (input.status === 'ready') await markReady(em, services, input.id, mail);
  if (input.status === 'cancelled') await cancelCommission(em, services, input.id, input.refundAmount, mail);
  return freshAdminCommission(em, input.id);
}

async function markReady(em: EntityManager, services: Services, id: number, mail: OrderMailSettings) {
  const commission = await findById(em.fork(), id);
  if (commission.status === 'ready') return;
  const before = await toCommissionDto(em, commission);
  await sqlTransaction(em, async (tx) => {
    const status = await lockCommission(tx, id);
    if (status !== 'accepted') throw refuseMove(status, 'ready', ['accepted']);
    await tx.query(`update commission set status = 'ready', updated_at = now() where id = $1`, [id]);
    const balance = formatCents(balanceCents(commission));
    await services.mail.write(tx, [
      {
        to: commission.email,
        subject: 'Your piece is ready',
        kind: 'commission-ready',
        data: { name: commission.name, balance, pageUrl: pageUrl(mail, commissionToken(services.orderLinks, id)) },
      },
    ]);
    await services.webhooks.record(tx, 'commission.updated', {
      object: { ...before, status: 'ready', due: balance },
      previousAttributes: { status },
    });
  });
}
