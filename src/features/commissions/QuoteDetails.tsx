import { Group, Stack, Table, Text } from '@mantine/core';
import { formatPrice } from '../../../server/domain/money';
import { formatDay, formatLeadTime, type CommissionQuote } from './commission-status';

/** A quote's lines and figures: what the buyer accepts, and what the owner sees after saving. */
export function QuoteDetails({ quote }: { quote: CommissionQuote }) {
  const figures: [string, string, boolean?][] = [
    ['Subtotal', formatPrice(quote.subtotal)],
    ['Shipping', Number(quote.shipping) === 0 ? 'Free' : formatPrice(quote.shipping)],
    // The discount code the owner put on the quote (D40): what it takes off the total.
    ...(quote.discountCode ? [[`Discount (${quote.discountCode})`, `-${formatPrice(quote.discount)}`] satisfies [string, string]] : []),
    ['Tax', formatPrice(quote.tax)],
    ['Total', formatPrice(quote.total), true],
    ['Deposit (to start)', formatPrice(quote.deposit)],
    ['Balance (when finished)', formatPrice(quote.balance)],
  ];
  return (
    <Stack gap="sm">
      {quote.message && <Text style={{ whiteSpace: 'pre-line' }}>{quote.message}</Text>}
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((line, index) => (
              <Table.Tr key={`${index}-${line.description}`}>
                <Table.Td>
                  {line.description}
                  {/* The shop's variant the line is, made to order (D38). */}
                  {line.variant !== undefined && (
                    <Text fz="sm" c="gray.7">
                      {line.variant}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatPrice(line.lineTotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4} component="dl" m={0}>
        {figures.map(([label, value, strong]) => (
          <Group key={label} justify="space-between" wrap="nowrap">
            <Text component="dt" fw={strong ? 700 : undefined}>
              {label}
            </Text>
            <Text component="dd" m={0} fw={strong ? 700 : 500}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Text size="sm" c="gray.7">
        Quote {quote.version}: about {formatLeadTime(quote.leadTimeDays)} of work once the deposit is paid. Valid until{' '}
        {formatDay(quote.validUntil)}.
      </Text>
    </Stack>
  );
}
