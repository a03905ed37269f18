import { Anchor, Button, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { trpc } from '../../lib/trpc';

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The contact-information, hours and custom-order cards of docs/product.md section 2; details come from the server's configuration. */
export function ContactDetails() {
  const info = trpc.shop.info.useQuery();
  return (
    <Stack gap="lg">
      <InfoCard title="Contact Information">
        {info.data ? (
          <Stack gap="xs">
            <Text>
              <Text span fw={600}>
                Email:{' '}
              </Text>
              <Anchor href={`mailto:${info.data.email}`} c="walnut.8">
                {info.data.email}
              </Anchor>
            </Text>
            <Text>
              <Text span fw={600}>
                Phone:{' '}
              </Text>
              <Anchor href={`tel:${info.data.phone.replace(/[^\d+]/g, '')}`} c="walnut.8">
                {info.data.phone}
              </Anchor>
            </Text>
            <Text>
              <Text span fw={600}>
                Find us:{' '}
              </Text>
              {info.data.location}
            </Text>
          </Stack>
        ) : info.isError ? (
          <Text c="gray.7">Our contact details could not be loaded; the form on this page reaches us all the same.</Text>
        ) : (
          <Stack gap="xs" aria-busy>
            <Skeleton height={16} width="80%" />
            <Skeleton height={16} width="60%" />
            <Skeleton height={16} width="90%" />
          </Stack>
        )}
      </InfoCard>
      <InfoCard title="Workshop Hours">
        <List spacing={6}>
          <List.Item>Our booth is open during the antique mall's regular hours.</List.Item>
          <List.Item>Custom orders: contact us for availability.</List.Item>
          <List.Item>Email: we answer within 24 hours.</List.Item>
        </List>
        <Text size="sm" c="gray.7" mt="md">
          We reply to every message within 24 hours on business days.
        </Text>
      </InfoCard>
      <InfoCard title="Custom Orders">
        <Text>
          Have a piece in mind? Tell us the wood, the size and what it is for. Custom orders typically take 2-4 weeks depending on
          complexity.
        </Text>
        <Button component={Link} to="/commission" variant="light" mt="md">
          Commission a piece
        </Button>
      </InfoCard>
    </Stack>
  );
}
