import { Alert, Paper, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatCents, formatPrice, sumCents, toCents } from '../../../../server/domain/money';
import { trpc } from '../../../lib/trpc';

// The chart library is big: it loads only when this tab opens, as its own chunk.
const RevenueChart = lazy(() => import('./RevenueChart'));

export function AnalyticsTab() {
  return (
    <>
      <Title order={1} fz="h2" mb="md">
        Analytics
      </Title>
      <Analytics />
    </>
  );
}

function Analytics() {
  const analytics = trpc.admin.dashboard.analytics.useQuery();
  if (analytics.isError) return <Alert color="red">The analytics could not be loaded. Please reload the page.</Alert>;
  if (analytics.isPending) return <Skeleton height={320} />;

  const { days, topProducts } = analytics.data;
  const orders = days.reduce((count, day) => count + day.orders, 0);
  const revenue = formatCents(sumCents(days.map((day) => toCents(day.revenue))));

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sales-overview">
        <Title order={2} fz="h3" id="sales-overview">
          Sales Overview
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Money kept per day, last 30 days (payments taken minus refunds): ${revenue}; {orders} {orders === 1 ? 'order' : 'orders'} placed
          (cancelled ones left out).
        </Text>
        {orders === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No orders in the last 30 days yet. Sales will show here once customers order.
          </Text>
        ) : (
          <Suspense fallback={<Skeleton height={260} />}>
            <RevenueChart days={days} />
          </Suspense>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="popular-products">
        <Title order={2} fz="h3" id="popular-products">
          Popular Products
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Best sellers by units sold, all time.
        </Text>
        {topProducts.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Nothing sold yet.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Units</Table.Th>
                <Table.Th>Revenue</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {topProducts.map((product) => (
                <Table.Tr key={`${product.productId}:${product.variantId ?? ''}`}>
                  <Table.Td>{product.name}</Table.Td>
                  <Table.Td>{product.units}</Table.Td>
                  <Table.Td>{formatPrice(product.revenue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}
