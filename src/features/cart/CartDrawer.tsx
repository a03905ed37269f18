import { ActionIcon, Button, Divider, Drawer, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCents, formatPrice } from '../../../server/domain/money';
import type { CartItem } from './cart-reducer';
import { useCart } from './CartProvider';
import { toastStockLimit } from './cart-toasts';
import { returnFocus } from '../../lib/return-focus';

/** The cart, sliding in from the right. Mantine's Drawer traps focus while open and closes on Escape. */
export function CartDrawer() {
  const { items, totalCents, drawerOpen, toggleDrawer, drawerOpener } = useCart();
  const close = () => toggleDrawer(false);
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
              <CartLine key={item.id} item={item} />
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
  // The stock shown when the item was added; the cart refuses more than that (the server checks again at checkout).
  const atLimit = item.stockQuantity !== undefined && item.quantity >= item.stockQuantity;
  const increase = () => (atLimit ? toastStockLimit(item.name, item.stockQuantity!) : setQuantity(item.id, item.quantity + 1));
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm">
      <Image src={item.imageUrl} alt="" width={64} height={64} w={64} h={64} radius="sm" />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} lineClamp={2}>
          {item.name}
        </Text>
        <Text c="walnut.8">{formatPrice(item.price)}</Text>
        <Group gap="xs" wrap="nowrap">
          {/* docs/product.md section 4: minus never takes a quantity below 0 (0 removes the item). */}
          <ActionIcon
            variant="default"
            onClick={() => setQuantity(item.id, Math.max(0, item.quantity - 1))}
            aria-label={`Decrease quantity of ${item.name}`}
          >
            −
          </ActionIcon>
          <Text miw={24} ta="center" aria-label={`Quantity of ${item.name}`} data-testid={`quantity-${item.id}`}>
            {item.quantity}
          </Text>
          <ActionIcon variant="default" onClick={increase} aria-label={`Increase quantity of ${item.name}`}>
            +
          </ActionIcon>
        </Group>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        c="red.9"
        size="compact-sm"
        onClick={() => remove(item.id)}
        aria-label={`Remove ${item.name} from cart`}
      >
        Remove
      </Button>
    </Group>
  );
}
