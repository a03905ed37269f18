/**
 * An order line's name where lines are listed (emails, the orders' CSV): the product's name, and for a variant its
 * title as sold after a dash, "Walnut Yarn Bowl — Walnut / Large" (D38). A line without a variant is its name alone,
 * as before variants.
 */
export function lineName(line: { name: string; variant?: string | null }): string {
  return line.variant ? `${line.name} — ${line.variant}` : line.name;
}
