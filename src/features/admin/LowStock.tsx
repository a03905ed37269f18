import { Alert, List } from '@mantine/core';
import { trpc } from '../../lib/trpc';

/** What is at or below its low-stock alert, on the dashboard: nothing shows while all is well stocked. */
export function LowStock() {
  const low = trpc.admin.dashboard.lowStock.useQuery();
  if (!low.data || low.data.length === 0) return null;
  return (
    <Alert
      color="walnut"
      variant="light"
      title={low.data.length === 1 ? '1 product is low on stock' : `${low.data.length} products are low on stock`}
      role="region"
      aria-label="Low stock"
    >
      <List size="sm" spacing={2}>
        {low.data.map((product) => (
          <List.Item key={product.id}>
            {product.name}: {product.stockQuantity === 0 ? 'sold out' : `${product.stockQuantity} left`} (alert at{' '}
            {product.lowStockThreshold})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
