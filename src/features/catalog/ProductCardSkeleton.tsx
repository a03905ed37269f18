import { Card, Skeleton } from '@mantine/core';

export function ProductCardSkeleton() {
  return (
    <Card withBorder padding="md" radius="md" data-testid="product-skeleton" aria-hidden>
      <Card.Section>
        <Skeleton style={{ aspectRatio: '1 / 1' }} radius={0} />
      </Card.Section>
      <Skeleton height={18} mt="md" width="80%" />
      <Skeleton height={22} mt="sm" width="30%" />
    </Card>
  );
}
