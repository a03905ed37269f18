import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

// The link at the foot of every newsletter email: it needs no sign-in, only the signed token it carries.
export default function NewsletterUnsubscribePage() {
  usePageMeta('Unsubscribe', 'Stop receiving the Turnery newsletter.');
  const search: { token?: unknown } = useSearch({ strict: false });
  const token = typeof search.token === 'string' ? search.token : '';
  const unsubscribe = trpc.newsletter.unsubscribe.useMutation();
  const asked = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (!token || asked.current) return;
    asked.current = true;
    unsubscribe.mutate({ token });
  }, [token, unsubscribe]);

  // A 400 is a forged, damaged or missing token; anything else is the network or the server, worth a retry.
  const invalid = !token || (unsubscribe.isError && unsubscribe.error.data?.code === 'BAD_REQUEST');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" role="status">
        {unsubscribe.isSuccess ? (
          <>
            <Title order={1}>You have been unsubscribed</Title>
            <Text c="gray.7">{unsubscribe.data.email} will no longer receive our newsletter. You can subscribe again at any time.</Text>
          </>
        ) : invalid ? (
          <>
            <Title order={1}>This unsubscribe link is not valid</Title>
            <Text c="gray.7">Please use the link from your newsletter email exactly as it is, or write to us from the contact page.</Text>
          </>
        ) : unsubscribe.isError ? (
          <>
            <Title order={1}>Something went wrong</Title>
            <Text c="gray.7">We could not unsubscribe you just now. Please try the link again in a moment.</Text>
          </>
        ) : (
          <>
            <Title order={1}>Unsubscribing...</Title>
            <Loader aria-label="Unsubscribing" />
          </>
        )}
        <Button component={Link} to="/" mt="md">
          Return to Home
        </Button>
      </Stack>
    </Container>
  );
}
