import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

export interface DiscountCodeControls {
  /** The code the quote carries, as the owner spelled it. */
  applied: string | undefined;
  /** The server's reason the last code was refused, for the field. */
  error: string | undefined;
  apply: (code: string) => Promise<boolean>;
  remove: () => void;
}

/**
 * The order summary's "Discount code" (D40): typed and applied to the quote, the server's reason under the field
 * when it refuses it; once applied, the code with a Remove button.
 */
export function DiscountCodeField({ controls }: { controls: DiscountCodeControls }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  if (controls.applied) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fz="sm">
          Code <strong>{controls.applied}</strong> applied
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={controls.remove} aria-label={`Remove discount code ${controls.applied}`}>
          Remove
        </Button>
      </Group>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      if (await controls.apply(code.trim())) setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    // Its own small form: Enter applies the code, never submits the checkout.
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Discount code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={controls.error}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="outline" mt={25} loading={busy} disabled={!code.trim()}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
