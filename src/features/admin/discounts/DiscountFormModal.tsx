import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/app-router';
import { trpc } from '../../../lib/trpc';
import { inputIssues } from '../../../lib/trpc-errors';
import { modalStyles } from '../modal-styles';

export type AdminDiscount = inferRouterOutputs<AppRouter>['admin']['discounts']['list'][number];
type Kind = AdminDiscount['kind'];

const FIELDS = ['code', 'kind', 'value', 'minimumSubtotal', 'startsAt', 'endsAt', 'usageLimit'] as const;
type Field = (typeof FIELDS)[number];

/** The server's 400 names each field (data.issues), its 409 the code ('code: ... is already a discount code'). */
function fieldErrors(error: unknown): Partial<Record<Field | 'other', string>> {
  const found: Partial<Record<Field | 'other', string>> = {};
  const issues = inputIssues(error);
  for (const issue of issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && (FIELDS as readonly string[]).includes(field)) found[field] ??= issue.message;
    else found.other ??= issue.message;
  }
  if (issues.length === 0) {
    const message = error instanceof Error ? error.message : 'The code was not saved. Please try again.';
    if (message.startsWith('code: ')) found.code = message.slice('code: '.length);
    else found.other = message;
  }
  return found;
}

/** A time as a datetime-local field shows it (the owner's own clock), and back. */
const toLocal = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : null);

/** 'New discount code' / 'Edit discount code', a fresh form at every opening. */
export function DiscountFormModal(props: { opened: boolean; formKey: number; discount?: AdminDiscount; onClose: () => void }) {
  return (
    <Modal
      styles={modalStyles}
      opened={props.opened}
      onClose={props.onClose}
      title={props.discount ? 'Edit discount code' : 'New discount code'}
      size="lg"
    >
      <DiscountForm key={props.formKey} {...props} />
    </Modal>
  );
}

function DiscountForm({ discount, onClose }: Parameters<typeof DiscountFormModal>[0]) {
  const utils = trpc.useUtils();
  const create = trpc.admin.discounts.create.useMutation();
  const update = trpc.admin.discounts.update.useMutation();
  const [code, setCode] = useState(discount?.code ?? '');
  const [kind, setKind] = useState<Kind>(discount?.kind ?? 'percentage');
  const [value, setValue] = useState(discount && discount.kind !== 'free_shipping' ? discount.value : '');
  const [minimum, setMinimum] = useState(discount?.minimumSubtotal ?? '');
  const [startsAt, setStartsAt] = useState(toLocal(discount?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocal(discount?.endsAt ?? null));
  const [limit, setLimit] = useState(discount?.usageLimit == null ? '' : String(discount.usageLimit));
  const [oncePerEmail, setOncePerEmail] = useState(discount?.oncePerEmail ?? false);
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrors>>({});
  const saving = create.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const fields = {
      code: code.trim(),
      kind,
      ...(kind === 'free_shipping' ? {} : { value: value.trim() }),
      minimumSubtotal: minimum.trim() || null,
      startsAt: fromLocal(startsAt),
      endsAt: fromLocal(endsAt),
      usageLimit: limit.trim() ? Number(limit) : null,
      oncePerEmail,
    };
    try {
      if (discount) await update.mutateAsync({ id: discount.id, ...fields });
      else await create.mutateAsync(fields);
      await utils.admin.discounts.list.invalidate();
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label="Code"
          description="What buyers type at the checkout (any case works): letters, digits, - and _"
          required
          data-autofocus
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <NativeSelect
          label="Gives"
          value={kind}
          error={errors.kind}
          onChange={(event) => setKind(event.currentTarget.value as Kind)}
          data={[
            { value: 'percentage', label: 'A percentage off the goods' },
            { value: 'fixed', label: 'A fixed amount off the goods' },
            { value: 'free_shipping', label: 'Free shipping' },
          ]}
        />
        {kind !== 'free_shipping' && (
          <TextInput
            label={kind === 'percentage' ? 'Percent off' : 'Amount off ($)'}
            required
            inputMode="decimal"
            value={value}
            error={errors.value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        )}
        <TextInput
          label="Minimum order ($)"
          description="The goods' subtotal before the discount; empty for none"
          inputMode="decimal"
          value={minimum}
          error={errors.minimumSubtotal}
          onChange={(event) => setMinimum(event.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Starts"
            type="datetime-local"
            value={startsAt}
            error={errors.startsAt}
            onChange={(event) => setStartsAt(event.currentTarget.value)}
          />
          <TextInput
            label="Ends"
            type="datetime-local"
            value={endsAt}
            error={errors.endsAt}
            onChange={(event) => setEndsAt(event.currentTarget.value)}
          />
        </Group>
        <TextInput
          label="Total uses"
          description="How many orders may use it; empty for no limit"
          inputMode="numeric"
          value={limit}
          error={errors.usageLimit}
          onChange={(event) => setLimit(event.currentTarget.value)}
        />
        <Checkbox
          label="One use per customer email"
          checked={oncePerEmail}
          onChange={(event) => setOncePerEmail(event.currentTarget.checked)}
        />
        {errors.other && (
          <Text c="red.9" size="sm" role="alert">
            {errors.other}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {discount ? 'Save code' : 'Create code'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
