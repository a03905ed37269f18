import { Alert, Anchor, Badge, Center, Grid, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatPrice } from '../../../../server/domain/money';
import { formatOrderNumber } from '../../../../server/domain/order-number';
import { trpc } from '../../../lib/trpc';
import { BuildLog, QuoteDetails, RequestSummary } from '../../commissions';
import { formatDate, formatDateTime } from '../format';
import { AnchorLink } from '../links';
import { OrderDetailsModal } from '../orders/OrderDetailsModal';
import { CommissionActions } from './CommissionActions';
import { commissionBadgeProps, commissionStatusLabel, type AdminCommission } from './commission-types';
import { NotesEditor } from './NotesEditor';
import { QuoteEditor } from './QuoteEditor';
import { UpdateEditor } from './UpdateEditor';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="md" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const BackLink = () => (
  <AnchorLink to="/admin/$section" params={{ section: 'commissions' }} size="sm" c="walnut.8">
    ← All commissions
  </AnchorLink>
);

/**
 * One commission for the owner, a page of its own (/admin/commissions/$id): the request and its photos, the quotes,
 * payments, the build log and the owner's notes, with the moves from here. Two columns on a wide screen: the piece
 * on the left, what the owner does next on the right.
 */
export function CommissionPage({ id }: { id: number | null }) {
  const utils = trpc.useUtils();
  const commission = trpc.admin.commissions.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null, retry: false });
  const [orderId, setOrderId] = useState<number | null>(null);
  const order = trpc.admin.orders.byId.useQuery({ id: orderId ?? 0 }, { enabled: orderId !== null });

  const saved = (next: AdminCommission) => {
    utils.admin.commissions.byId.setData({ id: next.id }, next);
    void utils.admin.commissions.list.invalidate();
    void utils.admin.commissions.count.invalidate();
  };

  if (id !== null && commission.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Loading the commission" />
      </Center>
    );
  }
  const data = commission.data;
  if (id === null || !data) {
    return (
      <Stack>
        <BackLink />
        <Title order={1}>Commission not found</Title>
        <Text>There is no commission #{id ?? '?'}: it may be a mistyped address.</Text>
      </Stack>
    );
  }

  const workshop = ['accepted', 'ready', 'paid'].includes(data.status);
  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
            Commission #{data.id}: {data.name}
          </Title>
          <Anchor href={`mailto:${data.email}`} size="sm" c="walnut.8">
            {data.email}
          </Anchor>
          <Text size="sm" c="gray.7">
            Requested {formatDateTime(data.createdAt)}
          </Text>
        </div>
        <Badge size="lg" {...commissionBadgeProps(data.status)}>
          {commissionStatusLabel(data.status)}
        </Badge>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Part id="commission-request" title="The request">
              <RequestSummary request={data} />
            </Part>
            {data.quote && (
              <Part id="commission-quote" title={`Current quote (version ${data.quote.version})`}>
                <QuoteDetails quote={data.quote} />
                {data.quotes.length > 1 && (
                  <>
                    <Text fw={600} size="sm" mt="md">
                      Earlier versions
                    </Text>
                    <List size="sm">
                      {data.quotes.slice(0, -1).map((quote) => (
                        <List.Item key={quote.version}>
                          Version {quote.version}, sent {formatDate(quote.createdAt)}: total {formatPrice(quote.total)}, deposit{' '}
                          {formatPrice(quote.deposit)}
                        </List.Item>
                      ))}
                    </List>
                  </>
                )}
              </Part>
            )}
            {(data.status === 'requested' || data.status === 'quoted') && (
              <QuoteEditor key={data.quote?.version ?? 0} commission={data} onSaved={saved} />
            )}
            {workshop && <UpdateEditor commission={data} onSaved={saved} />}
            {(workshop || data.updates.length > 0) && (
              <Part id="commission-log" title="Build log">
                <BuildLog
                  updates={data.updates}
                  empty="Nothing posted yet. Each update you post is emailed to the buyer and shown on their page."
                />
              </Part>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Part id="commission-next" title="Next steps">
              <CommissionActions key={`${data.status}-${data.paid}`} commission={data} onSaved={saved} onOpenOrder={setOrderId} />
              {data.status === 'paid' && data.orderId !== null && (
                <Text size="sm" mt="sm">
                  Paid in full: ship it from its order, {formatOrderNumber(data.orderId)}, as any order.
                </Text>
              )}
            </Part>
            <Part id="commission-payments" title="Payments">
              {data.paid === '0.00' && data.refunded === '0.00' ? (
                <Text size="sm">Nothing paid yet.</Text>
              ) : (
                <Text size="sm">
                  Paid {formatPrice(data.paid)}
                  {data.refunded !== '0.00' && `, refunded ${formatPrice(data.refunded)}`}
                  {data.due !== '0.00' && `; due now ${formatPrice(data.due)}`}.
                </Text>
              )}
            </Part>
            {/* Keyed by commission: another commission opened starts from its own notes. */}
            <NotesEditor key={`notes-${data.id}`} commission={data} onSaved={saved} />
          </Stack>
        </Grid.Col>
      </Grid>
      <OrderDetailsModal order={orderId !== null ? order.data : undefined} onClose={() => setOrderId(null)} />
      {orderId !== null && order.isError && <Alert color="red">Order {formatOrderNumber(orderId)} could not be loaded.</Alert>}
    </Stack>
  );
}
