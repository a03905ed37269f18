import { Card, Skeleton } from '@mantine/core';

export function BlogCardSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="blog-skeleton" aria-hidden>
      <Card.Section>
        <Skeleton style={{ aspectRatio: '16 / 9' }} radius={0} />
      </Card.Section>
      <Skeleton height={12} mt="md" width="40%" />
      <Skeleton height={22} mt="sm" width="85%" />
      <Skeleton height={12} mt="md" />
      <Skeleton height={12} mt={8} width="70%" />
    </Card>
  );
}
