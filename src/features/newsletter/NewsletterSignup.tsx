import { Button, Flex, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';

/** Home's 'Stay Connected' section: one email field and Subscribe. */
export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const subscribe = trpc.newsletter.subscribe.useMutation();
  const titleId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    if (!email.trim()) return setError('Email is required');
    // The email-typed field knows a malformed address; the server checks again.
    if (!input.checkValidity()) return setError('Enter a valid email address');
    subscribe.mutate(
      { email },
      {
        onSuccess: () => {
          notifications.show({ title: 'Success!', message: 'Thank you for subscribing to our newsletter.' });
          setEmail('');
        },
        onError: () => notifications.show({ title: 'Error', message: 'Failed to subscribe. Please try again.', color: 'red' }),
      },
    );
  };

  return (
    <Paper component="section" aria-labelledby={titleId} bg="walnut.0" radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" ta="center" gap="sm" maw={560} mx="auto">
        <Title order={2} id={titleId}>
          Stay Connected
        </Title>
        <Text c="dark.6">New pieces from the lathe, workshop stories and the odd offer, a few times a season.</Text>
        {/* Mantine's default error red is too light for WCAG AA: a darker one here. */}
        <form onSubmit={submit} noValidate aria-label="Newsletter sign-up" style={{ width: '100%' }}>
          <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" mt="sm" align={{ base: 'stretch', xs: 'flex-start' }}>
            <TextInput
              name="email"
              type="email"
              aria-label="Email address"
              placeholder="Enter your email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              style={{ flex: 1, textAlign: 'left' }}
            />
            <Button type="submit" disabled={subscribe.isPending}>
              {subscribe.isPending ? 'Saving...' : 'Subscribe'}
            </Button>
          </Flex>
        </form>
      </Stack>
    </Paper>
  );
}
