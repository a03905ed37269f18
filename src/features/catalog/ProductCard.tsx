import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
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
  // D38: the cart holds a variant, never a product with options alone, so such a card leads to the product's page.
  const shownAction =
    action && product.options ? (
      <Button
        // Mantine's `component` loses the router's typed params; renderRoot keeps them.
        renderRoot={(props) => <Link {...props} to="/product/$id" params={{ id: String(product.id) }} />}
        variant="outline"
        fullWidth
        // As the add-to-cart buttons: the visible text first, then which product (WCAG 2.5.3).
        aria-label={`Choose options: ${product.name}`}
      >
        Choose options
      </Button>
    ) : (
      action
    );
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
            {/* Variants at different prices (D38): the lowest, as 'from'. */}
            {product.maxPrice ? `from ${formatPrice(product.price)}` : formatPrice(product.price)}
          </Text>
          {/* Without an add-to-cart button there is no 'Out of Stock' button to say it. */}
          {!product.inStock && (!action || product.options) && <Badge color="gray">Out of Stock</Badge>}
        </Group>
        {showStock && (
          <Text size="sm" c="gray.7">
            In Stock: {product.stockQuantity}
          </Text>
        )}
        {/* Buttons line up at the bottom of a row, however long the names above them. */}
        {shownAction && <div style={{ marginTop: 'auto', paddingTop: 4 }}>{shownAction}</div>}
      </Stack>
    </Card>
  );
}
