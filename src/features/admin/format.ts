/** 'Nov 22, 2026' in US English, for the admin tables. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** An order line or a stock row by its name, and its variant's title when it has one (D38): 'Yarn Bowl (Walnut / Large)'. */
export function itemName(item: { name: string; variant?: string | null }): string {
  return item.variant ? `${item.name} (${item.variant})` : item.name;
}
