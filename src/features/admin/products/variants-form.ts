import { MAX_VARIANTS, variantsInput, variantTitle, type VariantsInput } from '../../../../server/domain/variant-input';

// The product form's Options and variants section (D38), as plain functions so they are tested without a browser.

/** An option as the form holds it; `key` keeps React's rows steady while options come and go. */
export interface OptionForm {
  key: string;
  name: string;
  values: string[];
}

/** A variant's row: number fields as the inputs give them (a number, or '' when empty); `id` for rows from the server. */
export interface VariantRowForm {
  key: string;
  id?: number;
  options: string[];
  price: number | string;
  stockQuantity: number | string;
  weight: number | string;
  sku: string;
  /** '' = the product's picture. */
  imageUrl: string;
  enabled: boolean;
}

export interface VariantsFormValues {
  options: OptionForm[];
  variants: VariantRowForm[];
}

/** A variant as the server answers it (the owner's view: switched-off ones too). */
interface ServerVariant {
  id: number;
  options: string[];
  price: string;
  stockQuantity: number;
  weight: string;
  sku: string | null;
  imageUrl: string | null;
  enabled: boolean;
}

let nextKey = 0;
const newKey = () => `k${++nextKey}`;

export const emptyOption = (): OptionForm => ({ key: newKey(), name: '', values: [] });

const fits = (options: readonly { values: readonly string[] }[], values: readonly string[]) =>
  values.length === options.length && values.every((value, position) => options[position]!.values.includes(value));

/**
 * The variants the form shows as rows: those that fit the product's options, one per combination (the one on sale
 * first), and how many others the server keeps (switched off because orders hold them, from earlier options).
 */
export function currentVariants<V extends ServerVariant>(product: {
  options?: { name: string; values: string[] }[];
  variants?: V[];
}): { rows: V[]; kept: number } {
  const options = product.options ?? [];
  const all = product.variants ?? [];
  const seen = new Set<string>();
  const rows: V[] = [];
  for (const variant of [...all].sort((a, b) => Number(b.enabled) - Number(a.enabled))) {
    const title = variantTitle(variant.options);
    if (!fits(options, variant.options) || seen.has(title)) continue;
    seen.add(title);
    rows.push(variant);
  }
  // Back in the server's order (the owner's), which the sort above only used to prefer the rows on sale.
  rows.sort((a, b) => all.indexOf(a) - all.indexOf(b));
  return { rows, kept: all.length - rows.length };
}

/** The section's values for a product as the server answers it. */
export function variantsToForm(product: {
  options?: { name: string; values: string[] }[];
  variants?: ServerVariant[];
}): VariantsFormValues {
  return {
    options: (product.options ?? []).map((option) => ({ key: newKey(), name: option.name, values: [...option.values] })),
    variants: currentVariants(product).rows.map((variant) => ({
      key: newKey(),
      id: variant.id,
      options: [...variant.options],
      price: variant.price,
      stockQuantity: variant.stockQuantity,
      weight: variant.weight,
      sku: variant.sku ?? '',
      imageUrl: variant.imageUrl ?? '',
      enabled: variant.enabled,
    })),
  };
}

/** Every combination of the options' values, in the options' order: Walnut / Small, Walnut / Large, Cherry / Small... */
export function combinations(options: readonly { values: readonly string[] }[]): string[][] {
  if (options.length === 0) return [];
  return options.reduce<string[][]>((partial, option) => partial.flatMap((head) => option.values.map((value) => [...head, value])), [[]]);
}

/**
 * The rows for every combination of the options: a row already there for a combination stays as it is (its id,
 * price, stock), a new one starts at the product's price and weight. Undefined when there would be too many.
 */
export function generateVariants(
  options: readonly { values: readonly string[] }[],
  rows: readonly VariantRowForm[],
  defaults: { price: number | string; weight: number | string },
): VariantRowForm[] | undefined {
  const wanted = combinations(options);
  if (wanted.length > MAX_VARIANTS) return undefined;
  const byTitle = new Map(rows.map((row) => [variantTitle(row.options), row]));
  return wanted.map(
    (values) =>
      byTitle.get(variantTitle(values)) ?? {
        key: newKey(),
        options: values,
        price: defaults.price,
        stockQuantity: 0,
        weight: defaults.weight,
        sku: '',
        imageUrl: '',
        enabled: true,
      },
  );
}

/**
 * The section without its option at `index`: each row drops that option's value and keeps its price and stock; of
 * rows that then name the same combination the first stays. No option left: no rows (the product without options).
 */
export function withoutOption(values: VariantsFormValues, index: number): VariantsFormValues {
  const options = values.options.filter((_, position) => position !== index);
  if (options.length === 0) return { options, variants: [] };
  const seen = new Set<string>();
  const variants = values.variants
    .map((row) => ({ ...row, options: row.options.filter((_, position) => position !== index) }))
    .filter((row) => {
      const title = variantTitle(row.options);
      if (seen.has(title)) return false;
      seen.add(title);
      return true;
    });
  return { options, variants };
}

const isBlank = (value: number | string) => typeof value === 'string' && value.trim() === '';
const decimal = (value: number | string) => (isBlank(value) ? undefined : value) as number;

/** What Save sends (with the product's id); blank numbers stay missing so they read 'required'. */
export function toVariantsInput(values: VariantsFormValues): VariantsInput {
  return {
    options: values.options.map((option) => ({ name: option.name, values: option.values })),
    variants: values.variants.map((row) => ({
      ...(row.id === undefined ? {} : { id: row.id }),
      options: row.options,
      price: decimal(row.price),
      stockQuantity: (isBlank(row.stockQuantity) ? undefined : Number(row.stockQuantity)) as number,
      weight: decimal(row.weight),
      sku: row.sku,
      imageUrl: row.imageUrl,
      enabled: row.enabled,
    })),
  };
}

/**
 * An issue's path (the browser's check or the server's `data.issues`) as the form's field: `options.0.values`,
 * `variants.2.sku`; a row's combination or id is the row's own (`variants.2.options`); `options` or `variants`
 * alone is the section's.
 */
export function issueField(path: readonly (string | number)[]): string {
  const [list, index, field] = path.map(String);
  if (index === undefined || field === undefined) return list ?? '';
  if (list === 'variants' && (field === 'id' || field === 'options')) return `variants.${index}.options`;
  return `${list}.${index}.${field}`;
}

/** Issues as the form's errors: field -> its first message. */
export function issuesToErrors(issues: readonly { path: readonly (string | number)[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issueField(issue.path)] ??= issue.message;
  return errors;
}

/** The server's own rules, run in the browser first. */
export function validateVariantsForm(values: VariantsFormValues): Record<string, string> {
  const result = variantsInput.safeParse(toVariantsInput(values));
  return result.success
    ? {}
    : issuesToErrors(result.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message })));
}
