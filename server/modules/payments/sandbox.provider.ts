import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { formatCents, toCents } from '../../domain/money';
import { lastFour } from '../../domain/card';
import {
  PaymentDeclinedError,
  type CardChargeRequest,
  type CardChargeResult,
  type CardPayments,
  type PayPalCaptureSummary,
  type PayPalOrderRequest,
  type PayPalOrderSummary,
  type PayPalPayments,
  type ProviderContext,
  type VerifiedPayment,
} from './payment-provider';
import { SandboxPayment, type ISandboxPayment } from './sandbox-payment.entity';
import { decideCard, decidePayPal } from './sandbox-rules';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function toVerified(row: ISandboxPayment): VerifiedPayment {
  return {
    id: row.id,
    status: row.status,
    amountCents: toCents(row.amount),
    currency: row.currency,
    paypalOrderId: row.kind === 'paypal-capture' ? (row.paypalOrderId ?? undefined) : undefined,
  };
}

/**
 * The default provider (D11, D12): in-process, no network, and it behaves like the real ones. Its payments are
 * rows of `sandbox_payment`, written in the caller's transaction when there is one, so verification works
 * across server instances and a rolled-back request leaves no payment behind.
 */
export class SandboxProvider implements CardPayments, PayPalPayments {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async charge({ em }: ProviderContext, request: CardChargeRequest): Promise<CardChargeResult> {
    const earlier = await em.findOne(SandboxPayment, { idempotencyKey: request.idempotencyKey });
    if (earlier) return { ok: true, payment: { id: earlier.id, status: earlier.status, amountCents: toCents(earlier.amount) } };

    const decision = decideCard(request.card, request.billingZip, this.now());
    if (decision) return { ok: false, ...decision };

    const row = em.create(SandboxPayment, {
      id: newId('sbx_pay'),
      kind: 'card',
      status: 'COMPLETED',
      amount: formatCents(request.amountCents),
      cardLast4: request.card ? lastFour(request.card.cardNumber) : null,
      idempotencyKey: request.idempotencyKey,
    });
    try {
      await em.flush();
    } catch (error) {
      // The same request raced itself: answer with the payment the other one made.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      em.clear();
      const winner = await em.findOneOrFail(SandboxPayment, { idempotencyKey: request.idempotencyKey });
      return { ok: true, payment: { id: winner.id, status: winner.status, amountCents: toCents(winner.amount) } };
    }
    return { ok: true, payment: { id: row.id, status: row.status, amountCents: request.amountCents } };
  }

  async get({ em }: ProviderContext, paymentId: string): Promise<VerifiedPayment | null> {
    const row = await em.findOne(SandboxPayment, { id: paymentId, kind: 'card' });
    return row ? toVerified(row) : null;
  }

  async refund(ctx: ProviderContext, paymentId: string): Promise<void> {
    await this.markRefunded(ctx, paymentId, 'card');
  }

  async createOrder({ em }: ProviderContext, request: PayPalOrderRequest): Promise<PayPalOrderSummary> {
    const earlier = await em.findOne(SandboxPayment, { idempotencyKey: request.requestId });
    if (earlier) return { id: earlier.id, status: earlier.status };
    const row = em.create(SandboxPayment, {
      id: newId('SBXPP').toUpperCase(),
      kind: 'paypal-order',
      status: 'CREATED',
      amount: formatCents(request.amountCents),
      declineCode: decidePayPal(request.payerEmail),
      idempotencyKey: request.requestId,
    });
    await em.flush();
    return { id: row.id, status: row.status };
  }

  async capture({ em }: ProviderContext, orderId: string): Promise<PayPalCaptureSummary> {
    const order = await em.findOne(SandboxPayment, { id: orderId, kind: 'paypal-order' });
    if (!order) throw new PaymentDeclinedError('RESOURCE_NOT_FOUND', `No PayPal order ${orderId}`);
    if (order.declineCode) {
      throw new PaymentDeclinedError(order.declineCode, `The sandbox declines this PayPal buyer (${order.declineCode})`);
    }
    if (order.captureId) {
      // Captures are requested with one PayPal-Request-Id per order, so PayPal answers a repeat with the first capture.
      const earlier = await em.findOneOrFail(SandboxPayment, { id: order.captureId });
      return { id: earlier.id, status: earlier.status, amountCents: toCents(earlier.amount) };
    }
    const capture = em.create(SandboxPayment, {
      id: newId('SBXCAP').toUpperCase(),
      kind: 'paypal-capture',
      status: 'COMPLETED',
      amount: order.amount,
      paypalOrderId: order.id,
    });
    order.status = 'COMPLETED';
    order.captureId = capture.id;
    await em.flush();
    return { id: capture.id, status: capture.status, amountCents: toCents(capture.amount) };
  }

  async getCapture({ em }: ProviderContext, captureId: string): Promise<VerifiedPayment | null> {
    const row = await em.findOne(SandboxPayment, { id: captureId, kind: 'paypal-capture' });
    return row ? toVerified(row) : null;
  }

  async refundCapture(ctx: ProviderContext, captureId: string): Promise<void> {
    await this.markRefunded(ctx, captureId, 'paypal-capture');
  }

  private async markRefunded({ em }: ProviderContext, id: string, kind: string) {
    await em.nativeUpdate(SandboxPayment, { id, kind }, { status: 'REFUNDED', refundedAt: this.now() });
  }
}
