import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { StateCode } from '../../../server/domain/states';
import { trpc } from '../../lib/trpc';
import type { CartItem } from '../cart';
import type { Quote } from './order-request';

/**
 * The server's price for the cart (D9): lines, shipping, tax and total, recomputed whenever the cart, the
 * state or the ZIP code changes (docs/product.md section 4). `refresh` asks again right before taking money.
 */
export function useCheckoutQuote(items: CartItem[], state: StateCode | '', zipCode: string) {
  const { client } = trpc.useUtils();
  const queryClient = useQueryClient();
  const cart = useMemo(
    () =>
      items.map((item) => ({
        productId: item.id,
        // D38: a variant's line names it; a product's line sends no variantId key at all (SPEC's request).
        ...(item.variantId === undefined ? {} : { variantId: item.variantId }),
        quantity: item.quantity,
        price: item.price,
      })),
    [items],
  );
  const input = useMemo(() => ({ items: cart, state: state || undefined }), [cart, state]);
  const queryKey = useMemo(() => ['checkout-quote', input, state ? zipCode.trim() : ''], [input, state, zipCode]);

  const query = useQuery({
    queryKey,
    queryFn: () => client.checkout.quote.mutate(input),
    enabled: cart.length > 0,
    placeholderData: (previous) => previous,
  });

  const refresh = useCallback(async (): Promise<Quote> => {
    const fresh = await client.checkout.quote.mutate(input);
    queryClient.setQueryData(queryKey, fresh);
    return fresh;
  }, [client, input, queryClient, queryKey]);

  return { quote: query.data, loading: query.isPending && cart.length > 0, failed: query.isError, error: query.error, refresh };
}
