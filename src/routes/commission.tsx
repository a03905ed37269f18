import { Card, Container, List, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { RequestForm, type Requested } from '../features/commissions/RequestForm';
import { usePageMeta } from '../lib/page-meta';
import classes from './contact.module.css';

// Shown only after a request is sent, so it is not part of the page's first load.
const RequestSent = lazy(() => import('../features/commissions/RequestSent').then((module) => ({ default: module.RequestSent })));

const STEPS = [
  'Tell us what you have in mind: the wood, the size, what it is for.',
  'We send you a quote with the price, shipping, tax, the deposit and how long the work takes.',
  'Accept it and pay the deposit; we start turning and post photos as the piece takes shape.',
  'When it is finished you pay the balance, and we ship it with tracking.',
];

/** "Commission a piece": a made-to-order request, answered with a quote on the buyer's own page. */
export default function CommissionPage() {
  usePageMeta(
    'Commission a Piece',
    'Ask Turnery for a piece turned to order: a bowl from your own wood, a set for a wedding, a replacement finial.',
  );
  const [sent, setSent] = useState<Requested | null>(null);
  return (
    <Container size="xl" py="xl">
      <Stack gap="xs" mb="xl" ta="center" align="center">
        <Title order={1}>Commission a Piece</Title>
        <Text c="gray.7" maw={640}>
          A bowl from the walnut that shaded your porch, twelve coasters for a wedding, a finial to match the one that broke: tell us about
          it and we will send you a quote.
        </Text>
      </Stack>
      <div className={classes.columns}>
        {sent ? (
          <Suspense fallback={null}>
            <RequestSent sent={sent} />
          </Suspense>
        ) : (
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="h3" mb="md">
              Your piece
            </Title>
            <RequestForm onSent={setSent} />
          </Card>
        )}
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="how-title" bg="walnut.0">
          <Title order={2} fz="h4" id="how-title" mb="sm">
            How it works
          </Title>
          <List type="ordered" spacing="xs">
            {STEPS.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <Text size="sm" c="gray.7" mt="md">
            Custom orders typically take 2-4 weeks depending on complexity. Nothing is charged until you accept a quote.
          </Text>
        </Card>
      </div>
    </Container>
  );
}
