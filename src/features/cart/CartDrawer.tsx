import { ActionIcon, Button, Divider, Drawer, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { formatCents, formatPrice } from '../../../server/domain/money';
import { lineKey, type CartItem } from './cart-reducer';
import { useCart } from './CartProvider';
import { hideAddedToasts, toastStockLimit } from './cart-toasts';
import { returnFocus } from '../../lib/return-focus';

/** The cart, sliding in from the right. Mantine's Drawer traps focus while open and closes on Escape. */
export function CartDrawer() {
  const { items, totalCents, drawerOpen, toggleDrawer, drawerOpener } = useCart();
  const close = () => toggleDrawer(false);
  useEffect(() => {
    if (drawerOpen) hideAddedToasts();
  }, [drawerOpen]);
  return (
    <Drawer
      opened={drawerOpen}
      onClose={close}
      position="right"
      title={
        <Text component="span" fw={700} fz="lg">
          Your Cart
        </Text>
      }
      size="md"
      closeButtonProps={{ 'aria-label': 'Close cart' }}
      returnFocus={false}
      onExitTransitionEnd={() => returnFocus(drawerOpener.current)}
    >
      {items.length === 0 ? (
        <Stack align="center" py="xl" gap="md">
          <Text fz="lg">Your cart is empty</Text>
          <Button component={Link} to="/shop" onClick={close}>
            Continue Shopping
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items in your cart">
            {items.map((item) => (
              <CartLine key={lineKey(item)} item={item} />
            ))}
          </Stack>
          <Divider />
          <Group justify="space-between">
            <Text fw={700} fz="lg">
              Total
            </Text>
            <Text fw={700} fz="lg" data-testid="cart-total">
              ${formatCents(totalCents)}
            </Text>
          </Group>
          <Button component={Link} to="/checkout" onClick={close} size="md" fullWidth>
            Proceed to Checkout
          </Button>
          <Button component={Link} to="/shop" onClick={close} variant="outline" fullWidth>
            Continue Shopping
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { setQuantity, remove } = useCart();
  // The stock shown when the item (or its variant) was added; the cart refuses more than that (the server checks
  // again at checkout).
  const atLimit = item.stockQuantity !== undefined && item.quantity >= item.stockQuantity;
  // A variant's line names its variant in its buttons' names too: two lines may share the product's name (D38).
  const which = item.variant === undefined ? item.name : `${item.name}, ${item.variant}`;
  const increase = () => (atLimit ? toastStockLimit(which, item.stockQuantity!) : setQuantity(item, item.quantity + 1));
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm">
      <Image src={item.imageUrl} alt="" width={64} height={64} w={64} h={64} radius="sm" />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <div>
          <Text fw={600} lineClamp={2}>
            {item.name}
          </Text>
          {item.variant !== undefined && (
            <Text size="sm" c="gray.7">
              {item.variant}
            </Text>
          )}
        </div>
        <Text c="walnut.8">{formatPrice(item.price)}</Text>
        <Group gap="xs" wrap="nowrap">
          {/* docs/product.md section 4: minus never takes a quantity below 0 (0 removes the item). */}
          <ActionIcon
            variant="default"
            onClick={() => setQuantity(item, Math.max(0, item.quantity - 1))}
            aria-label={`Decrease quantity of ${which}`}
          >
            −
          </ActionIcon>
          <Text miw={24} ta="center" aria-label={`Quantity of ${which}`} data-testid={`quantity-${lineKey(item)}`}>
            {item.quantity}
          </Text>
          <ActionIcon variant="default" onClick={increase} aria-label={`Increase quantity of ${which}`}>
            +
          </ActionIcon>
        </Group>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        c="red.9"
        size="compact-sm"
        onClick={() => remove(item)}
        aria-label={`Remove ${which} from cart`}
      >
        Remove
      </Button>
    </Group>
  );
}
