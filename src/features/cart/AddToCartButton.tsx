import { Button, type ButtonProps } from '@mantine/core';
import { isAvailable } from './stock';
import { useAddToCart, type AddableProduct } from './useAddToCart';

/**
 * The add-to-cart button of product cards and the product page; disabled, reading 'Out of Stock', when sold out.
 * For a product's variant (D38) it adds that variant, and reads 'Sold Out' when the variant is.
 */
export function AddToCartButton({ product, ...buttonProps }: { product: AddableProduct } & ButtonProps) {
  const addToCart = useAddToCart();
  const available = isAvailable(product);
  const which = product.variant ? `${product.name}, ${product.variant}` : product.name;
  const text = available ? 'Add to Cart' : product.variant ? 'Sold Out' : 'Out of Stock';
  return (
    <Button
      {...buttonProps}
      disabled={!available}
      onClick={() => addToCart(product)}
      // The visible text is the same on every card, so the accessible name adds which product; it starts with the
      // visible text, so a voice user's 'click Add to Cart' finds it (WCAG 2.5.3).
      aria-label={`${text}: ${which}`}
    >
      {text}
    </Button>
  );
}
