import { Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { categoryLabel } from '../../../server/domain/categories';
import { SHIPS_IN_TEXT } from '../../../server/domain/delivery-times';
import { formatPrice } from '../../../server/domain/money';
import { RatingSummary } from '../reviews';
import type { ReactNode } from 'react';
import type { Product } from './types';
import type { Variant } from './variant-choice';
import classes from './ProductDetails.module.css';

// docs/product.md section 9: the product page's shipping and returns promises.
const SHIPPING_AND_RETURNS = [
  'Free shipping on orders over $75',
  '30-day satisfaction guarantee',
  SHIPS_IN_TEXT,
  'Each piece is unique and may vary from photos',
];

/** A product with options (D38): the variant chosen (none when the values chosen make none) and the picker. */
export interface VariantChoice {
  variant: Variant | undefined;
  picker: ReactNode;
}

/**
 * Everything the product page says about a product, beside its images; `action` is the add-to-cart button. With
 * `choice` (a product with options), the price, stock and weight are the chosen variant's. `rating`: its reviews'
 * count and average (D37), undefined while they load.
 */
export function ProductDetails({
  product,
  action,
  choice,
  rating,
}: {
  product: Product;
  action: ReactNode;
  choice?: VariantChoice;
  rating?: { average: string | null; count: number };
}) {
  // An oversize piece's surcharge (D39) is said beside the free-shipping promise it is an exception to.
  const shippingLines = product.shippingSurcharge
    ? [
        ...SHIPPING_AND_RETURNS,
        `Ships separately: ${formatPrice(product.shippingSurcharge)} is added to shipping for each, even on orders that ship free`,
      ]
    : SHIPPING_AND_RETURNS;
  const specifications = [
    ['Dimensions', product.dimensions],
    ['Weight', `${choice?.variant?.weight ?? product.weight} lbs`],
    ['Material', product.material],
    ['Finish', product.finish],
  ];
  return (
    <Stack gap="md">
      <Badge variant="light" color="walnut" w="fit-content">
        {categoryLabel(product.category)}
      </Badge>
      <Title order={1}>{product.name}</Title>
      <RatingSummary summary={rating} />
      {choice ? (
        <VariantPrice variant={choice.variant} />
      ) : (
        <Text fz={28} fw={700} c="walnut.8">
          {formatPrice(product.price)}
        </Text>
      )}
      <Text style={{ whiteSpace: 'pre-line' }}>{product.description}</Text>
      {choice?.picker}
      {action}
      <Stack gap="xs" component="section" aria-labelledby="specifications-title">
        <Title order={2} fz="h4" id="specifications-title">
          Specifications
        </Title>
        {/* A plain table: Mantine's Table brings its scroll-area code, which this short list never needs. */}
        <table className={classes.specs}>
          <tbody>
            {specifications.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="shipping-title">
        <Title order={2} fz="h4" id="shipping-title">
          Shipping &amp; Returns
        </Title>
        <List spacing={4}>
          {shippingLines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Group gap="sm" mt="xs">
          <Text size="sm">Would you like one in another wood or size?</Text>
          <Button component={Link} to="/commission" variant="light" size="compact-sm">
            Commission a piece
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

/** The chosen variant's price and stock, said again to a screen reader when another value is chosen. */
function VariantPrice({ variant }: { variant: Variant | undefined }) {
  const stock = !variant ? 'This combination is not available' : variant.inStock ? `In Stock: ${variant.stockQuantity}` : 'Sold out';
  return (
    <div aria-live="polite" aria-atomic="true" data-testid="variant-price">
      {variant && (
        <Text fz={28} fw={700} c="walnut.8">
          {formatPrice(variant.price)}
        </Text>
      )}
      <Text fw={600} c={variant?.inStock ? 'sage.9' : 'gray.7'}>
        {stock}
      </Text>
    </div>
  );
}
