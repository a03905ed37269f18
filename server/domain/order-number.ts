// The order number shown to customers: '#' plus the id padded to 6 digits (docs/product.md section 2, D1).

export const ORDER_NUMBER_DIGITS = 6;

/** 42 -> '#000042'. Ids beyond six digits are shown in full. */
export function formatOrderNumber(id: number | string): string {
  const text = String(id).trim();
  if (!/^\d+$/.test(text)) throw new RangeError(`Not an order id: ${String(id)}`);
  return `#${text.padStart(ORDER_NUMBER_DIGITS, '0')}`;
}
