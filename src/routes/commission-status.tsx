import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { CommissionView } from '../features/commissions/CommissionView';
import { paypalReturnOf } from '../features/commissions/paypal-return';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

const commissionRoute = getRouteApi('/commissions/$token');

/** The commission behind the link of its emails: opens on any device, in any browser. */
export default function CommissionStatusPage() {
  usePageMeta('Your Commission', 'The quote, payments and progress of your piece turned to order at Turnery.');
  const { token } = commissionRoute.useParams();
  const search: Record<string, unknown> = useSearch({ strict: false });
  // Read once: the page then drops PayPal's query from the address bar.
  const [returned] = useState(() => paypalReturnOf(search));
  const commission = trpc.commissions.get.useQuery({ token }, { retry: false });

  if (commission.isPending) {
    return (
      <Container size="md" py={64}>
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text>Loading your commission...</Text>
        </Stack>
      </Container>
    );
  }
  if (!commission.data) {
    // The server answers the same for a made-up link and an expired one (180 days, as an order's).
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>Commission Not Found</Title>
          <Text>
            This link is not valid, or it has expired: a link opens its commission for 180 days. Please use the link from our most recent
            email about your piece, or write to us.
          </Text>
          <Button component={Link} to="/contact">
            Contact Us
          </Button>
        </Stack>
      </Container>
    );
  }
  return <CommissionView token={token} commission={commission.data} returned={returned} />;
}
