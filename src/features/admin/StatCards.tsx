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
  // The average of the published reviews (D37), or none yet.
  const rating = data && (data.customerRating === null ? 'No reviews yet' : `${data.customerRating}/5`);
  const reviews =
    data?.customerRating === null
      ? 'Average of published reviews'
      : `Average of ${data?.reviewCount ?? 0} ${data?.reviewCount === 1 ? 'review' : 'reviews'}`;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="section" aria-label="Shop at a glance">
      <StatCard label="Total Products" value={data && String(data.totalProducts)} caption="In the catalogue" />
      <StatCard label="Pending Orders" value={data && String(data.pendingOrders)} caption="Awaiting payment" />
      <StatCard label="To ship" value={data && String(data.toShip)} caption="Paid, not shipped yet" />
      {/* SPEC's name (D30) over SPEC's sum, which is not limited to a month: the caption says what it counts. */}
      <StatCard label="Monthly Revenue" value={data && formatPrice(data.monthlyRevenue)} caption="All time, net of refunds" />
      <StatCard label="Customer Reviews" value={rating} caption={reviews} />
    </SimpleGrid>
  );
}
