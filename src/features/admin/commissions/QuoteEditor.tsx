import { Button, Group, InputBase, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { COMMISSION_LIMITS } from '../../../../server/domain/commissions';
import { trpc } from '../../../lib/trpc';
import type { AdminCommission } from './commission-types';
import { choosePiece, EMPTY_LINE, quoteFormOf, quoteInputOf, type QuoteForm, type QuoteLineForm } from './quote-form';
import { QuoteLinePiece } from './QuoteLinePiece';
import { QuoteTotals } from './QuoteTotals';

type Issues = Record<string, string>;

/**
 * Each bad field the server named, by its path ('lines.0.price', 'validUntil'); a refused variant (VARIANT_REQUIRED,
 * VARIANT_UNKNOWN) and a refused discount code (DISCOUNT_*) name their field in `data.field`, the message prefixed with it.
 */
function issuesOf(error: { message: string; data?: unknown }): Issues {
  const found: Issues = {};
  const data = error.data as { issues?: { path: (string | number)[]; message: string }[]; field?: string } | undefined;
  for (const issue of data?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  if (data?.field) found[data.field] = error.message.replace(`${data.field}: `, '');
  return found;
}

/** The owner's quote: lines, the packed weight (the shop prices shipping from it), the deposit, lead time and last day. */
export function QuoteEditor({ commission, onSaved }: { commission: AdminCommission; onSaved: (saved: AdminCommission) => void }) {
  const [form, setForm] = useState<QuoteForm>(() => quoteFormOf(commission));
  const [issues, setIssues] = useState<Issues>({});
  const send = trpc.admin.commissions.quote.useMutation();
  // The shop's pieces a line may be; the products tab's own list (every product the shop shows).
  const products = trpc.admin.products.list.useQuery().data ?? [];
  const root = useRef<HTMLFormElement>(null);
  const set = <K extends keyof QuoteForm>(field: K, value: QuoteForm[K]) => setForm((current) => ({ ...current, [field]: value }));
  const setLine = (index: number, field: keyof QuoteLineForm, value: string) =>
    set(
      'lines',
      form.lines.map((line, at) => (at === index ? { ...line, [field]: value } : line)),
    );
  const setPiece = (index: number, productId: string, variantId: string) =>
    set(
      'lines',
      form.lines.map((line, at) => (at === index ? choosePiece(line, products, productId, variantId) : line)),
    );
  const removeLine = (index: number) => {
    set(
      'lines',
      form.lines.filter((_, at) => at !== index),
    );
    // The pressed button is gone: the keyboard goes on from the add button.
    requestAnimationFrame(() => root.current?.querySelector<HTMLButtonElement>('[data-add-line]')?.focus());
  };
  const error = (path: string) => issues[path];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssues({});
    send.mutate(quoteInputOf(commission.id, form), {
      onSuccess: (saved) => {
        notifications.show({
          title: 'Quote sent',
          message: `Quote ${saved.quote?.version ?? ''} was emailed to ${saved.name}.`,
          color: 'sage.7',
        });
        onSaved(saved);
      },
      onError: (failure) => {
        const found = issuesOf(failure);
        setIssues(found);
        if (Object.keys(found).length === 0) notifications.show({ title: 'Not sent', message: failure.message, color: 'red' });
        // The keyboard goes to the first field the server named.
        requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="quote-editor-title">
      <form ref={root} onSubmit={submit} noValidate aria-labelledby="quote-editor-title">
        <Stack gap="sm">
          <Title order={2} fz="md" id="quote-editor-title">
            {commission.quote ? 'Send a new quote' : 'Send a quote'}
          </Title>
          {commission.quote && (
            <Text size="sm" c="gray.7">
              A new quote replaces quote {commission.quote.version}; the buyer is emailed and can accept only the newest.
            </Text>
          )}
          {form.lines.map((line, index) => (
            <Stack key={index} gap={6}>
              <Group align="flex-start" gap="xs" wrap="wrap">
                <TextInput
                  label={`Line ${index + 1}`}
                  placeholder="Walnut salad bowl, 12 in."
                  required
                  maxLength={COMMISSION_LIMITS.lineDescription}
                  value={line.description}
                  onChange={(event) => setLine(index, 'description', event.currentTarget.value)}
                  error={error(`lines.${index}.description`)}
                  style={{ flex: '1 1 220px' }}
                />
                <TextInput
                  label={`Price ${index + 1} ($)`}
                  inputMode="decimal"
                  required
                  value={line.price}
                  onChange={(event) => setLine(index, 'price', event.currentTarget.value)}
                  error={error(`lines.${index}.price`)}
                  w={110}
                />
                <TextInput
                  label={`Qty ${index + 1}`}
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(event) => setLine(index, 'quantity', event.currentTarget.value)}
                  error={error(`lines.${index}.quantity`)}
                  w={80}
                />
                {form.lines.length > 1 && (
                  <Button variant="subtle" color="red.8" mt={25} onClick={() => removeLine(index)} aria-label={`Remove line ${index + 1}`}>
                    Remove
                  </Button>
                )}
              </Group>
              <QuoteLinePiece
                index={index}
                products={products}
                productId={line.productId}
                variantId={line.variantId}
                errors={{ productId: error(`lines.${index}.productId`), variantId: error(`lines.${index}.variantId`) }}
                onChange={(productId, variantId) => setPiece(index, productId, variantId)}
              />
            </Stack>
          ))}
          {error('lines') && (
            <Text size="sm" c="red.8" role="alert">
              {error('lines')}
            </Text>
          )}
          <div>
            <Button
              variant="default"
              size="xs"
              data-add-line
              disabled={form.lines.length >= COMMISSION_LIMITS.quoteLines}
              onClick={() => set('lines', [...form.lines, { ...EMPTY_LINE }])}
            >
              Add a line
            </Button>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Packed weight (lb)"
              description="Shipping is computed from it"
              inputMode="decimal"
              required
              value={form.weight}
              onChange={(event) => set('weight', event.currentTarget.value)}
              error={error('weight')}
            />
            <TextInput
              label="Lead time (weeks)"
              description="From the deposit"
              inputMode="numeric"
              required
              value={form.leadTimeWeeks}
              onChange={(event) => set('leadTimeWeeks', event.currentTarget.value)}
              error={error('leadTimeDays')}
            />
            <TextInput
              type="date"
              label="Valid until"
              description="The last day to accept"
              required
              value={form.validUntil}
              onChange={(event) => set('validUntil', event.currentTarget.value)}
              error={error('validUntil')}
            />
          </SimpleGrid>
          <Group align="flex-end" gap="md" wrap="wrap">
            <Radio.Group label="Deposit as" value={form.depositKind} onChange={(value) => set('depositKind', value)}>
              <Group mt={6}>
                <Radio value="percent" label="Percent of the total" />
                <Radio value="amount" label="An amount" />
              </Group>
            </Radio.Group>
            <TextInput
              label={form.depositKind === 'percent' ? 'Deposit (%)' : 'Deposit ($)'}
              inputMode="decimal"
              required
              value={form.deposit}
              onChange={(event) => set('deposit', event.currentTarget.value)}
              error={error('depositPercent') ?? error('depositAmount')}
              w={140}
            />
            <TextInput
              label="Shipping ($, optional)"
              description="Leave empty for the shop's rate by weight"
              inputMode="decimal"
              value={form.shipping}
              onChange={(event) => set('shipping', event.currentTarget.value)}
              error={error('shipping')}
              w={220}
            />
            <TextInput
              label="Discount code (optional)"
              description="Taken off the goods, as at the checkout"
              value={form.discountCode}
              onChange={(event) => set('discountCode', event.currentTarget.value)}
              error={error('discountCode')}
              w={220}
            />
          </Group>
          <QuoteTotals form={form} state={commission.shipToState} />
          <InputBase
            component="textarea"
            multiline
            rows={3}
            label="Message to the buyer (optional)"
            maxLength={COMMISSION_LIMITS.quoteMessage}
            value={form.message}
            onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => set('message', event.currentTarget.value)}
            error={error('message')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {commission.quote ? 'Send new quote' : 'Send quote'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
