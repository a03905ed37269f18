import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { stateName, type StateCode } from '../../../server/domain/states';
import { ADDRESS_LABELS, addressError, type AddressField, type AddressForm } from './address-form';

/** Where the finished piece ships (the state is the request's: the quote's shipping and tax are for it). */
export function AddressFields({
  form,
  state,
  serverErrors,
  onChange,
}: {
  form: AddressForm;
  state: StateCode;
  serverErrors: Partial<Record<AddressField, string>>;
  onChange: (field: AddressField, value: string) => void;
}) {
  const [touched, setTouched] = useState<Partial<Record<AddressField, boolean>>>({});
  const props = (field: AddressField, autoComplete: string) => ({
    id: `commission-${field}`,
    label: ADDRESS_LABELS[field],
    required: true,
    value: form[field],
    autoComplete,
    error: serverErrors[field] ?? (touched[field] ? addressError(field, form[field]) : null),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.currentTarget.value),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
  });
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        Shipping address
      </Text>
      <TextInput {...props('address', 'street-address')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput {...props('city', 'address-level2')} />
        <TextInput inputMode="numeric" {...props('zipCode', 'postal-code')} />
      </SimpleGrid>
      <TextInput type="tel" {...props('phone', 'tel')} />
      <Text fz="sm" c="gray.7">
        Ships to {stateName(state)}, the state your quote&apos;s shipping and tax are for. The card&apos;s billing address is taken to be
        the same.
      </Text>
    </Stack>
  );
}
