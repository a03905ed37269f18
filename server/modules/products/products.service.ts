import { ForeignKeyConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Category, SortOption } from '../../domain/categories';
import type { ProductValues } from '../../domain/product-input';
import { toCents } from '../../domain/money';
import { AppError } from '../../trpc/errors';
import { Product, type IProduct } from './product.entity';
import type { CardRow, ListedProduct } from './product.schema';
import { escapeLike } from './product-search';
import type { PageWindow } from '../../contract/list-paging';
import { prepared, sql, type SqlSource } from '../../db/sql';

// Every read and write of the catalogue: for the shop (products.router.ts), the owner (products.admin.router.ts),
// and the server's page hints and sitemap. Archived products (D18) are gone from all of them.

/** Home's featured products, in the order they were added (a page of them when `window` is given), and their total. */
export async function featuredProducts(em: EntityManager, window?: PageWindow): Promise<[IProduct[], number]> {
  const where = { featured: true, archived: false };
  if (window) return em.findAndCount(Product, where, { orderBy: { id: 'asc' }, ...window });
  const products = await em.find(Product, where, { orderBy: { id: 'asc' } });
  return [products, products.length];
}

/**
 * The catalogue's filter, written once for the shop's list and its cards: products of the shop (not archived)
 * matching a search text (in name or description) and a category. Its values are the statement's first ($1, ...).
 */
function catalogueFilter(filter: { search?: string; category?: Category }): { matching: string; values: (string | number)[] } {
  const where = ['not archived'];
  const values: (string | number)[] = [];
  if (filter.category) {
    values.push(filter.category);
    where.push(`category = $${values.length}`);
  }
  if (filter.search) {
    // The same expression as the trigram index (migration), so PostgreSQL can use it: the ORM has no word for it.
    values.push(escapeLike(filter.search));
    where.push(`lower(name || ' ' || description) like '%' || lower($${values.length}) || '%'`);
  }
  return { matching: `from product where ${where.join(' and ')}`, values };
}

/**
 * The shop: products matching a search text (in name or description) and a category; featured first, then newest
 * (ties by id). All of them, or the page `window` asks for; with how many match in all. Plain rows from written
 * statements, as the list is only read: the query builder and its mapping of 200 rows to properties were about a
 * sixth of the request's CPU with the response cache off (profiled). The creation time comes as the answer's text
 * (Date's toISOString, to the millisecond), not as a date to parse and write again.
 */
export async function shopProducts(
  em: EntityManager,
  filter: { search?: string; category?: Category },
  window?: PageWindow,
): Promise<[ListedProduct[], number]> {
  const { matching, values } = catalogueFilter(filter);
  const page = window ? ` limit $${values.length + 1} offset $${values.length + 2}` : '';
  const [products, counted] = await Promise.all([
    sql(em).query<ListedProduct>(
      `select id, name, description, price, image_url as "imageUrl", gallery_images as "galleryImages", in_stock as "inStock",
              stock_quantity as "stockQuantity", category, dimensions, weight, material, finish, featured, options,
              shipping_surcharge as "shippingSurcharge", to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
         ${matching} order by featured desc, created_at desc, id desc${page}`,
      window ? [...values, window.limit, window.offset] : values,
    ),
    window ? sql(em).query<{ total: string }>(`select count(*) as total ${matching}`, values) : undefined,
  ]);
  return [products, counted ? Number(counted[0]!.total) : products.length];
}

/** How the shop page orders its cards; ties keep the 'featured' order (featured first, then newest, then by id). */
const CARD_ORDER = {
  featured: 'featured desc, created_at desc, id desc',
  'price-asc': 'price asc, featured desc, created_at desc, id desc',
  'price-desc': 'price desc, featured desc, created_at desc, id desc',
  newest: 'created_at desc, featured desc, id desc',
} as const satisfies Record<SortOption, string>;

/** One page of the shop's cards, sorted in the database, and how many match in all (the shop list's filter). */
export async function shopCards(
  db: SqlSource,
  filter: { search?: string; category?: Category },
  sort: SortOption,
  limit: number,
): Promise<{ products: CardRow[]; total: number }> {
  const { matching, values } = catalogueFilter(filter);
  const [products, [counted]] = await Promise.all([
    sql(db).query<CardRow>(
      `select id, name, price, image_url as "imageUrl", in_stock as "inStock", stock_quantity as "stockQuantity", weight,
              options, max_price as "maxPrice"
         ${matching} order by ${CARD_ORDER[sort]} limit $${values.length + 1}`,
      [...values, limit],
    ),
    sql(db).query<{ total: string }>(`select count(*) as total ${matching}`, values),
  ]);
  return { products, total: Number(counted!.total) };
}

/** A product of the shop (not archived), or 404. */
export async function liveProduct(em: EntityManager, id: number): Promise<IProduct> {
  const product = await em.findOne(Product, { id, archived: false });
  if (!product) throw new AppError('NOT_FOUND', `No product with id ${id}`);
  return product;
}

/** The owner's list: every product but the archived, out of stock too; newest first (ties by id); with the total. */
export async function ownerProducts(em: EntityManager, window?: PageWindow): Promise<[IProduct[], number]> {
  const options = { orderBy: { createdAt: 'desc', id: 'desc' } } as const;
  if (window) return em.findAndCount(Product, { archived: false }, { ...options, ...window });
  const products = await em.find(Product, { archived: false }, options);
  return [products, products.length];
}

/** The form's values as the table keeps them: the oversize surcharge in cents. */
const stored = (values: ProductValues) => ({
  ...values,
  shippingSurcharge: values.shippingSurcharge === null ? null : toCents(values.shippingSurcharge),
});

export async function createProduct(em: EntityManager, values: ProductValues): Promise<IProduct> {
  const product = em.create(Product, { ...stored(values), archived: false });
  await em.flush();
  return product;
}

export async function updateProduct(em: EntityManager, id: number, values: ProductValues): Promise<IProduct> {
  const product = await liveProduct(em, id);
  // A product with options (D38): price, stock and in stock are its variants' summary, the database's to keep.
  const { price, stockQuantity, inStock, ...rest } = stored(values);
  em.assign(product, product.options.length > 0 ? rest : { ...rest, price, stockQuantity, inStock });
  await em.flush();
  return product;
}

/**
 * Deletes a product; one that was ordered is archived instead, so its orders stay whole (D18). Whether it was ordered
 * is the orders module's question, handed in (services.lookups) as that module imports this one.
 */
export async function deleteProduct(
  em: EntityManager,
  id: number,
  wasOrdered: (em: EntityManager, productId: number) => Promise<boolean>,
): Promise<{ archived: boolean }> {
  const product = await liveProduct(em, id);
  if (await wasOrdered(em, product.id)) {
    product.archived = true;
    product.featured = false;
    await em.flush();
    return { archived: true };
  }
  try {
    await em.remove(product).flush();
    return { archived: false };
  } catch (error) {
    // An order for it was placed a moment ago: archive it after all.
    if (!(error instanceof ForeignKeyConstraintViolationException)) throw error;
    em.clear();
    await em.nativeUpdate(Product, { id }, { archived: true, featured: false });
    return { archived: true };
  }
}

/**
 * What pricing a cart needs of its products (checkout's quotes), archived ones too, in one query. Plain rows in
 * one written statement: this runs for every quote and its rows are only read, and building the same statement
 * with the query builder cost more CPU than the rest of a quote (profiled: about 150 µs against 60 µs). A named
 * statement: every quote and every checkout runs it. Its names are PricedProduct's (checkout/pricing.ts).
 */
export function productsForPricing(
  db: SqlSource,
  ids: number[],
): Promise<
  (Pick<IProduct, 'id' | 'name' | 'price' | 'imageUrl' | 'inStock' | 'stockQuantity' | 'weight' | 'archived'> & {
    shippingSurcharge: number | null;
    hasOptions: boolean;
  })[]
> {
  return sql(db).query(
    prepared(`select id, name, price, image_url as "imageUrl", in_stock as "inStock", stock_quantity as "stockQuantity", weight, archived,
                     shipping_surcharge as "shippingSurcharge", options <> '[]'::jsonb as "hasOptions"
                from product where id = any($1) order by id`),
    [ids],
  );
}

/** The sitemap's products: every one of the shop, with its last change. */
export function sitemapProducts(em: EntityManager): Promise<Pick<IProduct, 'id' | 'updatedAt'>[]> {
  return em.find(Product, { archived: false }, { fields: ['id', 'updatedAt'], orderBy: { id: 'asc' } });
}

/** The pictures the shop shows first: its first two products, as products.list orders them (a phone's first row). */
export async function shopFirstImages(em: EntityManager): Promise<string[]> {
  const products = await em.find(
    Product,
    { archived: false },
    { fields: ['imageUrl'], orderBy: { featured: 'desc', createdAt: 'desc', id: 'desc' }, limit: 2 },
  );
  return products.map((product) => product.imageUrl);
}

/**
 * A product page's picture, none for a product the shop does not show. For a product with options (D38), the
 * picture of the variant the page opens with, as the page chooses it (variant-choice.ts's startingVariant): the
 * one named if it is on sale, else the first in stock, else the first; the product's when that variant has none.
 */
export async function productImage(em: EntityManager, id: number, variantId?: number): Promise<string[]> {
  const rows = await sql(em).query<{ url: string }>(
    `select coalesce(v.image_url, p.image_url) as url
       from product p
       left join lateral (select image_url from product_variant v
                           where v.product_id = p.id and v.enabled and p.options <> '[]'::jsonb
                           order by v.id = $2 desc, v.stock_quantity > 0 desc, v.position, v.id limit 1) v on true
      where p.id = $1 and not p.archived`,
    [id, variantId ?? 0],
  );
  return rows.map((row) => row.url);
}
