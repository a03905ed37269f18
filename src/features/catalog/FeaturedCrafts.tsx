import { Alert, Anchor, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, type ReactNode } from 'react';
import { trpc } from '../../lib/trpc';
import { ProductCard } from './ProductCard';
import { ProductCardSkeleton } from './ProductCardSkeleton';
import type { Product } from './types';

const SKELETONS = 6; // docs/product.md section 9

export function FeaturedCrafts({ renderAction }: { renderAction?: (product: Product) => ReactNode }) {
  const featured = trpc.products.featured.useQuery();
  // Rendered in a background render that yields to the browser, not in one long task when the data arrives.
  const shown = useDeferredValue(featured.data);
  return (
    <Stack component="section" aria-labelledby="featured-title" gap="lg">
      <Title order={2} id="featured-title" ta="center">
        Featured Crafts
      </Title>
      {featured.isError ? (
        <Alert color="red" title="Could not load the featured crafts">
          Please reload the page in a moment.
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" aria-busy={shown === undefined}>
          {shown === undefined
            ? Array.from({ length: SKELETONS }, (_, index) => <ProductCardSkeleton key={index} />)
            : shown.map((product, index) => (
                <ProductCard key={product.id} product={product} eager={index < 3} action={renderAction?.(product)} />
              ))}
        </SimpleGrid>
      )}
      <Group justify="center">
        <Anchor component={Link} to="/shop" fw={600}>
          View All Products
        </Anchor>
      </Group>
    </Stack>
  );
}
