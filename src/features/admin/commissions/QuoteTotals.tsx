import { Table, Text } from '@mantine/core';
import { formatCents } from '../../../../server/domain/money';
import type { StateCode } from '../../../../server/domain/states';
import { stateName } from '../../../../server/domain/states';
import { trpc } from '../../../lib/trpc';
import { salesRulesOf } from '../shipping/sales-rules-of';
import { quoteDiscount, runningTotals, type QuoteForm } from './quote-form';

/**
 * The quote's running total as the owner types (D39): goods, shipping, the discount code's share (D40), tax, total,
 * deposit and balance, counted by the server's rule with the shop's shipping and tax settings and its codes, so what
 * is shown is what the buyer will be sent.
 */
export function QuoteTotals({ form, state }: { form: QuoteForm; state: StateCode }) {
  const shipping = trpc.admin.sales.shipping.useQuery().data;
  const tax = trpc.admin.sales.tax.useQuery().data;
  const typed = form.discountCode.trim();
  const codes = trpc.admin.discounts.list.useQuery(undefined, { enabled: typed !== '' }).data;
  if (!shipping || !tax) return null;
  const rules = salesRulesOf(shipping, tax);
  const undiscounted = runningTotals(form, rules, state);
  const discount = typed && codes && undiscounted ? quoteDiscount(typed, codes, undiscounted.subtotal) : null;
  const totals = discount?.rule ? runningTotals(form, rules, state, discount.rule) : undiscounted;
  const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : `$${formatCents(cents)}`);
  const shippingNote = form.shipping.trim()
    ? 'set by hand'
    : totals?.shipping === null
      ? `the shop does not ship to ${stateName(state)}: set it by hand`
      : 'by weight';
  const rows: [string, string, string?][] = [
    ['Goods', money(totals?.subtotal)],
    ['Shipping', money(totals?.shipping), shippingNote],
    ...(typed
      ? [['Discount', discount?.rule ? `-${money(totals?.discount)}` : '—', discount?.note] satisfies [string, string, string?]]
      : []),
    ['Tax', money(totals?.tax), stateName(state)],
    ['Total', money(totals?.total)],
    ['Deposit', money(totals?.deposit)],
    ['Balance', money(totals?.balance)],
  ];
  return (
    <section aria-labelledby="quote-totals-title">
      <Text component="h3" fw={600} fz="sm" id="quote-totals-title">
        Running total
      </Text>
      {!totals && (
        <Text size="sm" c="dimmed">
          Fill in the prices, the weight and the deposit to see the total.
        </Text>
      )}
      <Table withRowBorders={false} verticalSpacing={2} maw={420}>
        <Table.Tbody>
          {rows.map(([label, value, note]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={label === 'Total' ? 700 : 500}>
                {label}
              </Table.Th>
              <Table.Td ta="right" fw={label === 'Total' ? 700 : 400}>
                {value}
              </Table.Td>
              <Table.Td c="dimmed" fz="xs">
                {note}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
