import { Divider, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatCents, lineCents, toCents } from '../../../server/domain/money';
import { lineKey, type CartItem } from '../cart';
import { DiscountCodeField, type DiscountCodeControls } from './DiscountCodeField';
import type { Quote } from './order-request';

/** A quote's problem, said under the line it is about (the alert beside the summary says it in full). */
const PROBLEM_NOTES: Record<Quote['problems'][number]['kind'], string> = {
  unavailable: 'No longer sold',
  out_of_stock: 'Out of stock',
  insufficient_stock: 'Not enough in stock',
  price_changed: 'Price changed',
};

/** docs/product.md section 2's Order Summary. Figures come from the server's quote; before it answers, from the cart. */
export function OrderSummary({
  items,
  quote,
  stateChosen,
  discount,
}: {
  items: CartItem[];
  quote: Quote | undefined;
  stateChosen: boolean;
  discount: DiscountCodeControls;
}) {
  const lines =
    quote?.lines ??
    items.map((item) => ({
      productId: item.id,
      variantId: item.variantId,
      variant: item.variant,
      name: item.name,
      price: item.price,
      quantity: item.quantity,
      lineTotal: formatCents(lineCents(item.price, item.quantity)),
      imageUrl: item.imageUrl,
    }));
  const row = (label: string, value: string | undefined, strong = false) => (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : 400} fz={strong ? 'lg' : 'md'}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={16} w={60} />
      ) : (
        <Text fw={strong ? 700 : 400} fz={strong ? 'lg' : 'md'}>
          {value}
        </Text>
      )}
    </Group>
  );

  // D40: a code's line; before a state is chosen, only what it takes off the goods (a free-shipping code waits for it).
  const discountLine = quote?.discount;
  const goodsOff = discountLine && discountLine.kind !== 'free_shipping' ? toCents(discountLine.amount) : 0;
  const discountShown = discountLine && (stateChosen || discountLine.kind !== 'free_shipping') ? `−$${discountLine.amount}` : '—';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="summary-heading">
      <Title order={2} fz="h3" id="summary-heading" mb="md">
        Order Summary
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lines.map((line) => {
          const key = lineKey({ id: line.productId, variantId: line.variantId });
          // The quote's problem with this line: by product and variant, as two variants of one product are two lines.
          const problem = quote?.problems.find((candidate) => lineKey({ id: candidate.productId, variantId: candidate.variantId }) === key);
          return (
            <Group key={key} component="li" wrap="nowrap" gap="sm">
              <Image src={line.imageUrl} alt="" w={56} h={56} radius="sm" fit="cover" />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} truncate="end">
                  {line.name}
                </Text>
                {line.variant !== undefined && (
                  <Text fz="sm" c="gray.7">
                    {line.variant}
                  </Text>
                )}
                <Text fz="sm" c="gray.7">
                  Quantity: {line.quantity}
                </Text>
                {problem && (
                  <Text fz="sm" c="red.9">
                    {PROBLEM_NOTES[problem.kind]}
                  </Text>
                )}
              </div>
              <Text fw={600}>${line.lineTotal}</Text>
            </Group>
          );
        })}
      </Stack>
      <Divider my="md" />
      <DiscountCodeField controls={discount} />
      <Divider my="md" />
      <Stack gap={6}>
        {row('Subtotal', quote ? `$${quote.subtotal}` : undefined)}
        {discountLine && row(`Discount (${discountLine.code})`, discountShown)}
        {row('Shipping', quote ? (stateChosen ? `$${quote.shipping}` : '—') : undefined)}
        {row('Tax', quote ? (stateChosen ? `$${quote.tax}` : '—') : undefined)}
        <Divider />
        {row('Total', quote ? `$${stateChosen ? quote.total : formatCents(toCents(quote.subtotal) - goodsOff)}` : undefined, true)}
        {!stateChosen && (
          <Text fz="sm" c="gray.7">
            Choose your state to see shipping and tax.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
