import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// A piece turned to order (issue 37): the buyer's request, the owner's quotes (every version kept) and the build
// log. Money is numeric(10,2) as on orders; the accepted quote becomes an order of kind 'commission'.

export const Commission = defineEntity({
  name: 'Commission',
  tableName: 'commission',
  properties: {
    id: p.integer().primary().autoincrement(),
    // server/domain/commissions.ts
    status: p.string().length(12).default('requested').index(),
    name: p.string().length(200),
    email: p.string().length(254),
    purpose: p.text(),
    wood: p.string().length(20),
    size: p.string().length(200),
    budget: p.string().length(20),
    neededBy: p.string().columnType('date').nullable(),
    shipToState: p.string().length(2),
    photos: p.json<string[]>(),
    notes: p.text().nullable(),
    orderId: p.integer().nullable(),
    acceptedQuoteVersion: p.integer().nullable(),
    // The payment being taken right now ('deposit:<source>' or 'balance:<source>') and since when: one at a time.
    paymentAttempt: p.string().length(300).nullable(),
    paymentAttemptAt: p.datetime().nullable(),
    depositMethod: p.string().length(10).nullable(),
    depositPaymentId: p.string().length(100).nullable(),
    balanceMethod: p.string().length(10).nullable(),
    balancePaymentId: p.string().length(100).nullable(),
    paidCents: p.integer().default(0),
    refundedCents: p.integer().default(0),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    quotes: () => p.oneToMany(CommissionQuote).mappedBy('commission'),
    updates: () => p.oneToMany(CommissionUpdate).mappedBy('commission'),
  },
});

export interface QuoteLine {
  description: string;
  price: string;
  quantity: number;
  /** A piece of the shop the line is, made to order (D38); absent on a line of free text (and on every older one). */
  productId?: number;
  variantId?: number;
  /** The variant's title when quoted ("Walnut / Large"). */
  variant?: string;
}

export const CommissionQuote = defineEntity({
  name: 'CommissionQuote',
  tableName: 'commission_quote',
  properties: {
    id: p.integer().primary().autoincrement(),
    commission: () => p.manyToOne(Commission).index(),
    version: p.integer(),
    lines: p.json<QuoteLine[]>(),
    weight: p.decimal().precision(8).scale(2),
    subtotal: p.decimal().precision(10).scale(2),
    shipping: p.decimal().precision(10).scale(2),
    tax: p.decimal().precision(10).scale(2),
    total: p.decimal().precision(10).scale(2),
    deposit: p.decimal().precision(10).scale(2),
    // A discount code the owner put on the quote (D40), what it took off the total, and its row (for the use the
    // deposit counts; null for none, or once an unused code was deleted).
    discountCode: p.string().length(40).nullable(),
    discount: p.decimal().precision(10).scale(2).default('0.00'),
    discountCodeId: p.integer().nullable(),
    leadTimeDays: p.integer(),
    validUntil: p.string().columnType('date'),
    message: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const CommissionUpdate = defineEntity({
  name: 'CommissionUpdate',
  tableName: 'commission_update',
  properties: {
    id: p.integer().primary().autoincrement(),
    commission: () => p.manyToOne(Commission).index(),
    text: p.text(),
    photo: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type ICommission = InferEntity<typeof Commission>;
export type ICommissionQuote = InferEntity<typeof CommissionQuote>;
export type ICommissionUpdate = InferEntity<typeof CommissionUpdate>;
