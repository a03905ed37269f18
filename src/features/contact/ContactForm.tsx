import { Alert, Button, Group, InputBase, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { ContactField } from '../../../server/domain/contact-form';
import { CONTACT_LIMITS } from '../../../server/domain/contact-limits';
import { SUBJECT_OPTIONS } from '../../../server/domain/subjects';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { errorCode, fieldErrors } from '../../lib/trpc-errors';

const EMPTY = { firstName: '', lastName: '', email: '', subject: '', message: '' };
const FIELD_ORDER: ContactField[] = ['firstName', 'lastName', 'email', 'subject', 'message'];

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const send = trpc.contact.send.useMutation();

  const change = (field: ContactField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // Puts the keyboard on the first field that needs attention.
  const showErrors = (found: Partial<Record<ContactField, string>>) => {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    // The shared rules (zod) load on the first send, so the page itself stays light.
    const { contactFieldErrors } = await import('../../../server/domain/contact-form');
    const found = contactFieldErrors(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    send.mutate(values as Parameters<typeof send.mutate>[0], {
      onSuccess: () => {
        showToast({ title: 'Message sent!', message: "Thank you for your message. We'll get back to you soon." });
        setValues(EMPTY);
        setErrors({});
      },
      onError: (error) => {
        // What was typed stays, so nothing has to be written again.
        if (errorCode(error) === 'TOO_MANY_REQUESTS') {
          setRefusal(error.message);
          showToast({ title: 'Error', message: error.message, color: 'red' });
          return;
        }
        showErrors(fieldErrors(error));
        showToast({ title: 'Error', message: 'Failed to send message. Please try again.', color: 'red' });
      },
    });
  };

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate aria-label="Contact form">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" title="Please wait a moment" role="alert">
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            name="firstName"
            label="First name"
            autoComplete="given-name"
            required
            maxLength={CONTACT_LIMITS.name}
            value={values.firstName}
            onChange={(event) => change('firstName')(event.currentTarget.value)}
            error={errors.firstName}
          />
          <TextInput
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            required
            maxLength={CONTACT_LIMITS.name}
            value={values.lastName}
            onChange={(event) => change('lastName')(event.currentTarget.value)}
            error={errors.lastName}
          />
        </SimpleGrid>
        <TextInput
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.email}
          value={values.email}
          onChange={(event) => change('email')(event.currentTarget.value)}
          error={errors.email}
        />
        <NativeSelect
          name="subject"
          label="Subject"
          required
          data={[{ value: '', label: 'Select a subject', disabled: true }, ...SUBJECT_OPTIONS.map((option) => ({ ...option }))]}
          value={values.subject}
          onChange={(event) => change('subject')(event.currentTarget.value)}
          error={errors.subject}
        />
        {/* docs/product.md keeps the Custom Order subject, and a message with it is still sent; the request form fits better. */}
        {values.subject === 'custom' && (
          <Alert color="walnut" title="Custom orders have their own request form" role="status">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                The request form takes your photos, sizes and budget, and we answer it with a quote. You can still send a message here if
                you prefer.
              </Text>
              <Button component={Link} to="/commission" size="compact-md" variant="light">
                Request a custom piece
              </Button>
            </Stack>
          </Alert>
        )}
        {/* Mantine's Textarea without autosize is this; the component would also bring its autosize code. */}
        <InputBase
          component="textarea"
          multiline
          name="message"
          label="Message"
          rows={5}
          required
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={(event) => change('message')(event.currentTarget.value)}
          error={errors.message}
        />
        <Group>
          <Button type="submit" size="md" disabled={send.isPending}>
            {send.isPending ? 'Saving...' : 'Send Message'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
