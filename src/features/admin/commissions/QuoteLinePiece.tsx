import { Group, Select } from '@mantine/core';
import { formatPrice } from '../../../../server/domain/money';
import type { AdminProduct } from '../types';
import { quotableVariants } from './quote-form';

/**
 * The shop's piece a quote line is (D38), optional: a product of the shop and, for one with options, its variant.
 * Quoted made to order, so every variant still made is offered, sold out or not.
 */
export function QuoteLinePiece(props: {
  index: number;
  products: readonly AdminProduct[];
  productId: string;
  variantId: string;
  errors: { productId?: string; variantId?: string };
  onChange: (productId: string, variantId: string) => void;
}) {
  const { index, products, productId, variantId, errors, onChange } = props;
  const product = products.find((candidate) => String(candidate.id) === productId);
  const number = index + 1;
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      <Select
        label={`Shop piece ${number}`}
        placeholder="None: the line as written"
        searchable
        clearable
        clearButtonProps={{ 'aria-label': `Clear shop piece ${number}` }}
        nothingFoundMessage="No such product"
        data={products.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
        value={productId || null}
        onChange={(value) => onChange(value ?? '', '')}
        // A variant refused for a product without options has no select of its own: its product's says why.
        error={errors.productId ?? (product?.options ? undefined : errors.variantId)}
        style={{ flex: '1 1 220px' }}
      />
      {product?.options && (
        <Select
          label={`Variant ${number}`}
          placeholder="Choose a variant"
          required
          allowDeselect={false}
          data={quotableVariants(product).map((variant) => ({
            value: String(variant.id),
            label: `${variant.title}, ${formatPrice(variant.price)}`,
          }))}
          value={variantId || null}
          onChange={(value) => onChange(productId, value ?? '')}
          error={errors.variantId}
          style={{ flex: '1 1 200px' }}
        />
      )}
    </Group>
  );
}
