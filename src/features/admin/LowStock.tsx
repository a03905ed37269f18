import { Alert, List } from '@mantine/core';
import { trpc } from '../../lib/trpc';
import { itemName } from './format';

/** What is at or below its low-stock alert, on the dashboard: nothing shows while all is well stocked. */
export function LowStock() {
  const low = trpc.admin.dashboard.lowStock.useQuery();
  if (!low.data || low.data.length === 0) return null;
  // A row may be one variant of a product (D38), so the count names items once any row is one.
  const [one, many] = low.data.some((row) => row.variant !== undefined) ? ['item', 'items'] : ['product', 'products'];
  return (
    <Alert
      color="walnut"
      variant="light"
      title={low.data.length === 1 ? `1 ${one} is low on stock` : `${low.data.length} ${many} are low on stock`}
      role="region"
      aria-label="Low stock"
    >
      <List size="sm" spacing={2}>
        {low.data.map((product) => (
          // A product with options may be low in more than one variant (D38): one row each, named by its title.
          <List.Item key={`${product.id}-${product.variantId ?? ''}`}>
            {itemName(product)}: {product.stockQuantity === 0 ? 'sold out' : `${product.stockQuantity} left`} (alert at{' '}
            {product.lowStockThreshold})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
