import { AppError, InputError } from '../../trpc/errors';
import { ZodError } from 'zod';
import { prepared, sql, sqlTransaction, type SqlSource } from '../../db/sql';
import { variantTitle, type ProductOption, type VariantsValues, type VariantValues } from '../../domain/variant-input';

// A product's variants (D38): read for the shop and the owner, replaced by the owner in one transaction. The table
// has no entity: its writers are statements (this file's replace, the checkout's insertOrder, the refunds' restock),
// and the product's summary of them (price, stock, in stock) is kept by the database's trigger.

/** A variant as the shop and the owner read it. `imageUrl` null: the product's picture. */
export interface VariantRow {
  id: number;
  productId: number;
  options: string[];
  price: string;
  stockQuantity: number;
  weight: string;
  sku: string | null;
  imageUrl: string | null;
  enabled: boolean;
}

/** The variants of the products, by product id, in the owner's order; only those on sale unless `all`. */
export async function variantsOf(db: SqlSource, productIds: readonly number[], all = false): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await sql(db).query<VariantRow>(
    `select id, product_id as "productId", option_values as options, price, stock_quantity as "stockQuantity", weight, sku,
            image_url as "imageUrl", enabled
       from product_variant where product_id = any($1)${all ? '' : ' and enabled'} order by product_id, position, id`,
    [productIds],
  );
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/**
 * What pricing needs of the cart's variants (checkout's quotes and orders), switched-off ones too, in one named
 * statement; a cart of products without options never runs it.
 */
export async function variantsForPricing(db: SqlSource, ids: readonly number[]): Promise<Omit<VariantRow, 'sku'>[]> {
  if (ids.length === 0) return [];
  return sql(db).query(
    prepared(`select id, product_id as "productId", option_values as options, price, weight, image_url as "imageUrl",
                     stock_quantity as "stockQuantity", enabled
                from product_variant where id = any($1)`),
    [ids],
  );
}

/** A 400 naming one field of the request, with a reason of its own when given. */
function fieldError(path: (string | number)[], message: string): InputError {
  return new InputError(new ZodError([{ code: 'custom', path, message, input: undefined }]));
}

/**
 * Replaces the product's options and variants in one transaction, the product row locked first (as the checkout
 * locks it, so neither waits on the other in the wrong order). Each variant sent is the one it names by id, else the
 * product's variant of the same combination, else new; a variant no longer sent is deleted, or switched off when
 * an order holds it (its orders stay whole). 404 for a product not in the shop; 400 for an id of another product's
 * variant (VARIANT_UNKNOWN) or a SKU another variant has.
 */
export async function replaceVariants(db: SqlSource, productId: number, values: VariantsValues): Promise<void> {
  await sqlTransaction(db, async (tx) => {
    const [product] = await tx.query<{ id: number }>('select id from product where id = $1 and not archived for update', [productId]);
    if (!product) throw new AppError('NOT_FOUND', `No product with id ${productId}`);
    const existing = await tx.query<{ id: number; options: string[]; enabled: boolean }>(
      'select id, option_values as options, enabled from product_variant where product_id = $1 order by enabled desc, id desc',
      [productId],
    );
    const plan = matchVariants(values.variants, existing);
    // Options first: the summary trigger works only for a product that has them.
    await tx.query(
      'update product set options = $2::jsonb, max_price = case when $3 then max_price end, updated_at = now() where id = $1',
      [productId, JSON.stringify(values.options satisfies ProductOption[]), values.options.length > 0],
    );
    // Every variant off first, so that a combination moving from one variant to another never meets itself.
    await tx.query('update product_variant set enabled = false where product_id = $1 and enabled', [productId]);
    await tx.query(
      `delete from product_variant v where v.product_id = $1 and not (v.id = any($2))
          and not exists (select 1 from order_item i where i.variant_id = v.id)`,
      [productId, plan.kept],
    );
    const rows = values.variants.map((variant, position) => ({ ...row(variant, position), id: plan.ids[position] ?? null }));
    try {
      await tx.query(
        `update product_variant v
            set position = x.position, option_values = x.options, price = x.price, stock_quantity = x.stock, weight = x.weight,
                sku = x.sku, image_url = x.image, enabled = x.enabled, updated_at = now()
           from jsonb_to_recordset($2::jsonb) as x(id int, position int, options text[], price numeric, stock int, weight numeric,
                                                  sku text, image text, enabled boolean)
          where v.product_id = $1 and v.id = x.id`,
        [productId, JSON.stringify(rows.filter((variant) => variant.id !== null))],
      );
      await tx.query(
        `insert into product_variant (product_id, position, option_values, price, stock_quantity, weight, sku, image_url, enabled)
         select $1, x.position, x.options, x.price, x.stock, x.weight, x.sku, x.image, x.enabled
           from jsonb_to_recordset($2::jsonb) as x(position int, options text[], price numeric, stock int, weight numeric,
                                                  sku text, image text, enabled boolean)
          order by x.position`,
        [productId, JSON.stringify(rows.filter((variant) => variant.id === null))],
      );
      // The SKUs checked now (the constraint waits for the end of the transaction), so a taken one is a 400 here.
      await tx.query('set constraints product_variant_sku_unique immediate');
    } catch (error) {
      throw skuTaken(error, values.variants) ?? error;
    }
  });
}

const row = (variant: VariantValues, position: number) => ({
  position,
  options: variant.options,
  price: variant.price,
  stock: variant.stockQuantity,
  weight: variant.weight,
  sku: variant.sku,
  image: variant.imageUrl,
  enabled: variant.enabled,
});

/**
 * Which existing variant each sent one is (`ids`, by position; undefined: a new one) and which existing ones stay:
 * by id first (an id of another product's variant is a 400), then by combination among the ones not yet taken.
 */
function matchVariants(
  sent: readonly VariantValues[],
  existing: readonly { id: number; options: string[] }[],
): { ids: (number | undefined)[]; kept: number[] } {
  const known = new Set(existing.map((variant) => variant.id));
  const taken = new Set<number>();
  const ids: (number | undefined)[] = sent.map((variant, index) => {
    if (variant.id === undefined) return undefined;
    if (!known.has(variant.id)) {
      throw new AppError('VARIANT_UNKNOWN', `variants.${index}.id: ${variant.id} is not a variant of this product`, {
        field: `variants.${index}.id`,
      });
    }
    taken.add(variant.id);
    return variant.id;
  });
  sent.forEach((variant, index) => {
    if (ids[index] !== undefined) return;
    const title = variantTitle(variant.options);
    // Existing rows come on sale first, then newest: a switched-off twin is taken only when no live one is left.
    const same = existing.find((candidate) => !taken.has(candidate.id) && variantTitle(candidate.options) === title);
    if (!same) return;
    taken.add(same.id);
    ids[index] = same.id;
  });
  return { ids, kept: [...taken] };
}

/** The 400 for a SKU that another variant of the shop already has, or undefined for any other failure. */
function skuTaken(error: unknown, variants: readonly VariantValues[]): InputError | undefined {
  const failure = error as { code?: string; constraint?: string; detail?: string };
  if (failure.code !== '23505' || failure.constraint !== 'product_variant_sku_unique') return undefined;
  const sku = /\(sku\)=\((.*)\)/.exec(failure.detail ?? '')?.[1];
  const index = Math.max(
    0,
    variants.findIndex((variant) => variant.sku === sku),
  );
  return fieldError(['variants', index, 'sku'], `SKU ${sku ?? ''} is already another variant's`);
}
