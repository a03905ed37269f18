import { Alert, Badge, Button, Group, Image, Skeleton, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { categoryLabel } from '../../../../server/domain/categories';
import { formatCents, formatPrice, toCents } from '../../../../server/domain/money';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import type { AdminProduct } from '../types';
import { ProductFormModal } from './ProductFormModal';
import { currentVariants } from './variants-form';

export function ProductsTab() {
  const utils = trpc.useUtils();
  const products = trpc.admin.products.list.useQuery();
  const remove = trpc.admin.products.delete.useMutation();
  const [editing, setEditing] = useState<{ opened: boolean; key: number; product?: AdminProduct }>({ opened: false, key: 0 });
  const openForm = (product?: AdminProduct) => setEditing((current) => ({ opened: true, key: current.key + 1, product }));
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      const result = await remove.mutateAsync({ id: deleting.id });
      notifications.show(
        result.archived
          ? { title: 'Product archived', message: `${deleting.name} has orders, so it was hidden from the shop instead.`, color: 'sage.7' }
          : { title: 'Product deleted', message: `${deleting.name} was deleted.`, color: 'sage.7' },
      );
      await Promise.all([utils.admin.products.invalidate(), utils.admin.dashboard.invalidate(), utils.products.invalidate()]);
    } catch {
      notifications.show({ title: 'Error', message: 'Failed to delete product', color: 'red' });
    }
    setDeleting(null);
  }

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} fz="h2">
          Products
        </Title>
        <Button onClick={() => openForm()}>Add Product</Button>
      </Group>
      {products.isError && <Alert color="red">The products could not be loaded. Please reload the page.</Alert>}
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Stock</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.isPending &&
              Array.from({ length: 4 }, (_, row) => (
                <Table.Tr key={row}>
                  <Table.Td colSpan={6}>
                    <Skeleton height={40} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {products.data?.map((product) => (
              <Table.Tr key={product.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Image src={product.imageUrl} alt="" w={40} h={40} radius="sm" fit="cover" />
                    <Text fw={600}>{product.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>{categoryLabel(product.category)}</Table.Td>
                <Table.Td>{priceText(product)}</Table.Td>
                <Table.Td>
                  <StockCell product={product} />
                </Table.Td>
                <Table.Td>{product.inStock ? <Badge color="sage.7">Active</Badge> : <Badge color="gray.7">Out of Stock</Badge>}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" aria-label={`Edit ${product.name}`} onClick={() => openForm(product)}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red.8"
                      aria-label={`Delete ${product.name}`}
                      onClick={() => setDeleting(product)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {products.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" py="lg">
                    No products yet. Add your first product!
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ProductFormModal
        opened={editing.opened}
        formKey={editing.key}
        product={editing.product}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete product"
        message={`Delete ${deleting?.name ?? 'this product'}? A product that appears in orders is archived instead: hidden from the shop, kept for its orders.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** The price; for a product whose variants differ in price (D38), their range: '$54.00 – $78.00'. */
function priceText(product: AdminProduct): string {
  const prices = currentVariants(product)
    .rows.filter((variant) => variant.enabled)
    .map((variant) => toCents(variant.price));
  const highest = Math.max(...prices);
  if (prices.length === 0 || highest === toCents(product.price)) return formatPrice(product.price);
  return `${formatPrice(product.price)} – $${formatCents(highest)}`;
}

/** The stock, and for a product with options (D38) how many variants it is the sum of. */
function StockCell({ product }: { product: AdminProduct }) {
  if (!product.options?.length) return <>{product.stockQuantity}</>;
  const count = currentVariants(product).rows.length;
  return (
    <>
      <Text span>{product.stockQuantity} in all</Text>
      <Text size="xs" c="dimmed">
        {count === 1 ? '1 variant' : `${count} variants`}
      </Text>
    </>
  );
}
