import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { IMAGE_SIZES } from '../../../server/domain/image-sizes';
import { formatPrice } from '../../../server/domain/money';
import { Picture } from '../../components/Picture';
import classes from './ProductCard.module.css';
import type { ProductCardData } from './types';

interface ProductCardProps {
  product: ProductCardData;
  /** Where the cart feature puts its add-to-cart button. */
  action?: ReactNode;
  /** Above the fold: load the image at once. */
  eager?: boolean;
  /** The shop shows 'In Stock: {stockQuantity}' (docs/product.md section 2). */
  showStock?: boolean;
  /** Which grid it is in: how wide its picture is laid out. */
  grid?: 'shop' | 'featured';
}

/** A product in a grid. */
export function ProductCard({ product, action, eager = false, showStock = false, grid = 'featured' }: ProductCardProps) {
  return (
    <Card withBorder padding="md" radius="md" h="100%" data-testid="product-card">
      <Card.Section>
        {/* The picture repeats the name's link: out of the tab order and hidden from screen readers, so a card is
            one stop (its name) plus its button. */}
        <Link to="/product/$id" params={{ id: String(product.id) }} tabIndex={-1} aria-hidden="true">
          <Picture
            src={product.imageUrl}
            sizes={grid === 'shop' ? IMAGE_SIZES.shopCard : IMAGE_SIZES.featuredCard}
            alt={product.name}
            width={800}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            style={{ aspectRatio: '1 / 1' }}
          />
        </Link>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Link to="/product/$id" params={{ id: String(product.id) }} className={classes.name}>
          {product.name}
        </Link>
        <Group justify="space-between">
          <Text fw={700} fz="lg" c="walnut.8">
            {formatPrice(product.price)}
          </Text>
          {/* Without an action there is no 'Out of Stock' button to say it. */}
          {!product.inStock && !action && <Badge color="gray">Out of Stock</Badge>}
        </Group>
        {showStock && (
          <Text size="sm" c="gray.7">
            In Stock: {product.stockQuantity}
          </Text>
        )}
        {/* Buttons line up at the bottom of a row, however long the names above them. */}
        {action && <div style={{ marginTop: 'auto', paddingTop: 4 }}>{action}</div>}
      </Stack>
    </Card>
  );
}
