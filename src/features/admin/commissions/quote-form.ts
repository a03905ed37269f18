import type { AdminCommission } from './commission-types';

export interface QuoteLineForm {
  description: string;
  price: string;
  quantity: string;
}

export interface QuoteForm {
  lines: QuoteLineForm[];
  weight: string;
  depositKind: 'percent' | 'amount';
  deposit: string;
  leadTimeWeeks: string;
  validUntil: string;
  message: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export const EMPTY_LINE: QuoteLineForm = { description: '', price: '', quantity: '1' };

/** A new quote starts from the current one (a new version usually changes one figure), or from sensible defaults. */
export function quoteFormOf(commission: AdminCommission): QuoteForm {
  const quote = commission.quote;
  if (!quote) {
    return {
      lines: [{ ...EMPTY_LINE }],
      weight: '',
      depositKind: 'percent',
      deposit: '30',
      leadTimeWeeks: '4',
      validUntil: inDays(30),
      message: '',
    };
  }
  return {
    lines: quote.lines.map((line) => ({ description: line.description, price: line.price, quantity: String(line.quantity) })),
    weight: String(quote.weight),
    depositKind: 'amount',
    deposit: quote.deposit,
    leadTimeWeeks: String(Math.max(1, Math.round(quote.leadTimeDays / 7))),
    validUntil: quote.validUntil < inDays(0) ? inDays(30) : quote.validUntil,
    message: quote.message ?? '',
  };
}

/** The quote as the server takes it; numbers the owner typed oddly are left for the server to name. */
export function quoteInputOf(id: number, form: QuoteForm) {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return {
    id,
    lines: form.lines.map((line) => ({ description: line.description, price: line.price.trim(), quantity: number(line.quantity) })),
    weight: number(form.weight),
    ...(form.depositKind === 'percent' ? { depositPercent: number(form.deposit) } : { depositAmount: form.deposit.trim() }),
    leadTimeDays: Math.round(number(form.leadTimeWeeks) * 7),
    validUntil: form.validUntil,
    ...(form.message.trim() ? { message: form.message.trim() } : {}),
  };
}
