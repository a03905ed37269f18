import { Paper, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useShippingStates } from '../../lib/useShippingStates';
import { FIELD_LABELS, fieldError, type CheckoutForm } from './checkout-form';

type Field = keyof CheckoutForm;

/** docs/product.md section 2's Shipping Information: eight required fields, each with its message inline once touched. */
export function ShippingForm({
  form,
  touched,
  onChange,
  onBlur,
}: {
  form: CheckoutForm;
  touched: Partial<Record<Field, boolean>>;
  onChange: (field: Field, value: string) => void;
  onBlur: (field: Field) => void;
}) {
  // Where the shop ships (D39): exactly the states a buyer may choose.
  const states = useShippingStates();
  const props = (field: Field, autoComplete: string) => ({
    id: `checkout-${field}`,
    label: FIELD_LABELS[field],
    required: true,
    value: form[field],
    autoComplete,
    error: touched[field] ? fieldError(field, form[field]) : null,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.currentTarget.value),
    onBlur: () => onBlur(field),
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="shipping-heading">
      <Title order={2} fz="h3" id="shipping-heading" mb="md">
        Shipping Information
      </Title>
      <Stack gap="sm">
        <TextInput type="email" {...props('email', 'email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput {...props('firstName', 'given-name')} />
          <TextInput {...props('lastName', 'family-name')} />
        </SimpleGrid>
        <TextInput {...props('address', 'street-address')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput {...props('city', 'address-level2')} />
          <NativeSelect
            id="checkout-state"
            label="State"
            required
            data={[{ value: '', label: 'Choose a state', disabled: true }, ...states]}
            value={form.state}
            onChange={(event) => onChange('state', event.currentTarget.value)}
            onBlur={() => onBlur('state')}
            error={touched.state ? fieldError('state', form.state) : null}
            autoComplete="address-level1"
          />
          <TextInput inputMode="numeric" {...props('zipCode', 'postal-code')} />
        </SimpleGrid>
        <TextInput type="tel" {...props('phone', 'tel')} />
      </Stack>
    </Paper>
  );
}
