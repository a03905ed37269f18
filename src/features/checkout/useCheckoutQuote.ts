import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { StateCode } from '../../../server/domain/states';
import { trpc } from '../../lib/trpc';
import type { CartItem } from '../cart';
import { discountMessage, isDiscountRefusal } from './discount-code';
import type { DiscountCodeControls } from './DiscountCodeField';
import type { Quote } from './order-request';

/**
 * The server's price for the cart (D9): lines, shipping, tax and total, recomputed whenever the cart, the
 * state, the ZIP code or the discount code changes (docs/product.md section 4). `refresh` asks again right before
 * taking money. `discount` is the summary's code field (D40): a code is applied once the server prices the cart with
 * it; while the cart does not qualify for it (its minimum, or used up meanwhile) the cart is priced without it and the
 * field says the server's reason.
 */
export function useCheckoutQuote(items: CartItem[], state: StateCode | '', zipCode: string) {
  const { client } = trpc.useUtils();
  const queryClient = useQueryClient();
  const [discountCode, setDiscountCode] = useState<string>();
  const [discountError, setDiscountError] = useState<string>();
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
  const input = useMemo(
    () => ({ items: cart, state: state || undefined, ...(discountCode ? { discountCode } : {}) }),
    [cart, state, discountCode],
  );
  const keyOf = useCallback((of: typeof input) => ['checkout-quote', of, state ? zipCode.trim() : ''], [state, zipCode]);
  const queryKey = useMemo(() => keyOf(input), [keyOf, input]);

  // The cart priced with the code, or without it when the server refuses the code (and why).
  const price = useCallback(
    async (of: typeof input): Promise<{ quote: Quote; refused?: string }> => {
      try {
        return { quote: await client.checkout.quote.mutate(of) };
      } catch (error) {
        if (of.discountCode === undefined || !isDiscountRefusal(error)) throw error;
        return { quote: await client.checkout.quote.mutate({ ...of, discountCode: undefined }), refused: discountMessage(error) };
      }
    },
    [client],
  );

  const query = useQuery({
    queryKey,
    queryFn: () => price(input),
    enabled: cart.length > 0,
    placeholderData: (previous) => previous,
  });

  const refresh = useCallback(async (): Promise<Quote> => {
    const fresh = await price(input);
    queryClient.setQueryData(queryKey, fresh);
    return fresh.quote;
  }, [price, input, queryClient, queryKey]);

  const apply = useCallback(
    async (typed: string) => {
      try {
        const fresh = await client.checkout.quote.mutate({ ...input, discountCode: typed });
        const code = fresh.discount?.code ?? typed;
        queryClient.setQueryData(keyOf({ ...input, discountCode: code }), { quote: fresh });
        setDiscountError(undefined);
        setDiscountCode(code);
        return true;
      } catch (error) {
        setDiscountError(isDiscountRefusal(error) ? discountMessage(error) : 'The code could not be checked. Please try again.');
        return false;
      }
    },
    [client, input, keyOf, queryClient],
  );
  const remove = useCallback(() => {
    setDiscountError(undefined);
    setDiscountCode(undefined);
  }, []);
  const refused = query.data?.refused;
  const discount: DiscountCodeControls = { applied: refused ? undefined : discountCode, error: refused ?? discountError, apply, remove };

  return {
    quote: query.data?.quote,
    loading: query.isPending && cart.length > 0,
    failed: query.isError,
    error: query.error,
    refresh,
    discount,
  };
}
