import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * What the in-process sandbox provider has "charged" (D11, D12). Kept in the database rather than in memory so
 * that several server instances, and a restart, still verify the payments they made. Never holds card data:
 * only the last four digits (D10).
 */
export const SandboxPayment = defineEntity({
  name: 'SandboxPayment',
  tableName: 'sandbox_payment',
  properties: {
    id: p.string().length(60).primary(),
    // card | paypal-order | paypal-capture | refund (of a card payment or a capture: its id in captureId)
    kind: p.string().length(20),
    // CREATED (PayPal order not yet captured) | COMPLETED | PARTIALLY_REFUNDED | REFUNDED
    status: p.string().length(20),
    amount: p.decimal().precision(10).scale(2),
    currency: p.string().length(3).default('USD'),
    cardLast4: p.string().length(4).nullable(),
    // For a capture: the PayPal order it captured. For a PayPal order: its capture, once made. For a refund: its payment.
    paypalOrderId: p.string().length(60).nullable(),
    captureId: p.string().length(60).nullable(),
    // A documented sandbox input that makes the PayPal capture fail (docs/payments.md, 'Sandbox test cards').
    declineCode: p.string().length(40).nullable(),
    // The same key twice returns the first payment instead of charging again, as real providers do.
    idempotencyKey: p.string().length(100).nullable().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    refundedAt: p.datetime().nullable(),
  },
});

export type ISandboxPayment = InferEntity<typeof SandboxPayment>;
