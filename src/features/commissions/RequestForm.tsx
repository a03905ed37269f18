import { Alert, Button, Group, InputBase, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { COMMISSION_BUDGETS, COMMISSION_LIMITS, COMMISSION_WOODS } from '../../../server/domain/commissions';
import { trpc } from '../../lib/trpc';
import { useShippingStates } from '../../lib/useShippingStates';
import { errorCode, fieldErrors } from '../../lib/trpc-errors';
import { ReferencePhotos } from './ReferencePhotos';
import {
  EMPTY_REQUEST,
  REQUEST_FIELDS,
  REQUEST_LABELS,
  requestErrors,
  withLabel,
  type RequestField,
  type RequestValues,
} from './request-form';

const L = COMMISSION_LIMITS;
type Errors = Partial<Record<RequestField, string>>;
export interface Requested {
  token: string;
  name: string;
  email: string;
}

const choose = (label: string) => ({ value: '', label, disabled: true });
const today = () => new Date().toISOString().slice(0, 10);

/** The "Commission a piece" form: what the buyer has in mind, a few photos, and where it ships. */
export function RequestForm({ onSent }: { onSent: (sent: Requested) => void }) {
  const [values, setValues] = useState<RequestValues>(EMPTY_REQUEST);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string>();
  // Where the shop ships (D39): exactly the states a request may name.
  const states = useShippingStates();
  const form = useRef<HTMLFormElement>(null);
  const send = trpc.commissions.request.useMutation();

  const set = (field: keyof RequestValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // Puts the keyboard on the first field that needs attention.
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = REQUEST_FIELDS.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const found = requestErrors(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    const request = {
      ...values,
      wood: values.wood as Exclude<RequestValues['wood'], ''>,
      budget: values.budget as Exclude<RequestValues['budget'], ''>,
      shipToState: values.shipToState as Exclude<RequestValues['shipToState'], ''>,
      neededBy: values.neededBy || null,
      photos,
    };
    send.mutate(request, {
      onSuccess: (sent) => onSent({ token: sent.token, name: values.name.trim(), email: values.email.trim() }),
      onError: (error) => {
        // What was typed stays, so nothing has to be written again.
        const named = fieldErrors(error);
        const fields = Object.fromEntries(
          Object.entries(named)
            .filter(([field]) => (REQUEST_FIELDS as string[]).includes(field))
            .map(([field, message]) => [field, withLabel(field as RequestField, message)]),
        );
        if (Object.keys(fields).length > 0) return showErrors(fields);
        setRefusal(
          errorCode(error) === 'TOO_MANY_REQUESTS'
            ? error.message
            : 'Your request could not be sent just now. Please try again in a moment.',
        );
      },
    });
  };

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Commission request">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" title="Your request was not sent" role="alert">
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            name="name"
            label={REQUEST_LABELS.name}
            autoComplete="name"
            required
            maxLength={L.name}
            value={values.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextInput
            name="email"
            type="email"
            label={REQUEST_LABELS.email}
            autoComplete="email"
            required
            maxLength={L.email}
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
        </SimpleGrid>
        <InputBase
          component="textarea"
          multiline
          name="purpose"
          label={REQUEST_LABELS.purpose}
          description="Tell us about the piece and who it is for: a wedding gift, a replacement lid, a bowl from a family tree."
          rows={4}
          required
          maxLength={L.purpose}
          value={values.purpose}
          onChange={set('purpose')}
          error={errors.purpose}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            name="wood"
            label={REQUEST_LABELS.wood}
            required
            data={[choose('Choose a wood'), ...COMMISSION_WOODS.map((wood) => ({ ...wood }))]}
            value={values.wood}
            onChange={set('wood')}
            error={errors.wood}
          />
          <TextInput
            name="size"
            label={REQUEST_LABELS.size}
            placeholder="About 12 inches across"
            required
            maxLength={L.size}
            value={values.size}
            onChange={set('size')}
            error={errors.size}
          />
          <NativeSelect
            name="budget"
            label={REQUEST_LABELS.budget}
            required
            data={[choose('Choose a range'), ...COMMISSION_BUDGETS.map((budget) => ({ ...budget }))]}
            value={values.budget}
            onChange={set('budget')}
            error={errors.budget}
          />
          <TextInput
            name="neededBy"
            type="date"
            label={`${REQUEST_LABELS.neededBy} (optional)`}
            min={today()}
            value={values.neededBy}
            onChange={set('neededBy')}
            error={errors.neededBy}
          />
          <NativeSelect
            name="shipToState"
            label={REQUEST_LABELS.shipToState}
            description="For shipping and tax in your quote"
            required
            autoComplete="address-level1"
            data={[choose('Choose a state'), ...states]}
            value={values.shipToState}
            onChange={set('shipToState')}
            error={errors.shipToState}
          />
        </SimpleGrid>
        <ReferencePhotos
          photos={photos}
          error={errors.photos}
          onBusyChange={setUploading}
          onChange={(next) => {
            setPhotos(next);
            setErrors((current) => ({ ...current, photos: undefined }));
          }}
        />
        <Group>
          <Button type="submit" size="md" loading={send.isPending} disabled={uploading}>
            Send my request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
