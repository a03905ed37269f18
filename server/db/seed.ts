import { variantsInput } from '../domain/variant-input';
import { seedDemoReviews } from './demo-reviews';
import { demoPosts, demoProducts, variantProducts, type DemoProduct } from './seed-data';
import { sqlTransaction, type SqlRunner, type SqlSource } from './sql';

const SEEDED_KEY = 'demo-data-seeded-at';
const DAY = 86_400_000;

/**
 * Puts the demo catalogue into a database that has never held any: the first start of a fresh install.
 * A marker row makes this run once, so an owner who empties the shop never sees the demo come back. Written
 * statements in one transaction: the products with variants need their variants' rows, which have no entity.
 */
export async function seedDemoData(db: SqlSource): Promise<boolean> {
  return sqlTransaction(db, async (tx) => {
    // The marker first: one seeder at a time, even with several app instances starting together. Another
    // instance's insert of it waits for this transaction to end, then inserts nothing.
    const marked = await tx.query(`insert into server_setting (key, value) values ($1, $2) on conflict (key) do nothing returning key`, [
      SEEDED_KEY,
      new Date().toISOString(),
    ]);
    if (marked.length === 0) return false;
    const [held] = await tx.query<{ any: boolean }>(`select exists (select 1 from product) or exists (select 1 from blog_post) as any`);
    if (held!.any) return false;
    // One day apart in list order (the last is the newest), so 'Newest First' has something to sort.
    const created = Date.now() - demoProducts.length * DAY;
    await insertProducts(
      tx,
      demoProducts.map((product, index) => ({ ...product, options: [], createdAt: new Date(created + index * DAY).toISOString() })),
    );
    await seedVariantProducts(tx, created);
    await seedDemoReviews(tx);
    await tx.query(
      `insert into blog_post (title, slug, excerpt, content, image_url, published, published_at, created_at, updated_at)
       select x.title, x.slug, x.excerpt, x.content, x."imageUrl", x.published, x."publishedAt",
              coalesce(x."publishedAt", now()), now()
         from jsonb_to_recordset($1::jsonb) as x(n int, title text, slug text, excerpt text, content text, "imageUrl" text,
                                                 published boolean, "publishedAt" timestamptz)
        order by x.n`,
      [JSON.stringify(demoPosts.map((post, n) => ({ ...post, n })))],
    );
    return true;
  });
}

type ProductRow = DemoProduct & { options: unknown[]; createdAt: string };

/** Inserts the products in list order (their ids follow it); answers their ids, in that order. */
async function insertProducts(tx: SqlRunner, products: ProductRow[]): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `insert into product (name, description, price, image_url, gallery_images, in_stock, stock_quantity, category, dimensions, weight,
                          material, finish, featured, options, archived, created_at, updated_at)
     select x.name, x.description, x.price, x."imageUrl", x."galleryImages", x."inStock", x."stockQuantity", x.category, x.dimensions,
            x.weight, x.material, x.finish, x.featured, x.options, false, x."createdAt", now()
       from jsonb_to_recordset($1::jsonb) as x(n int, name text, description text, price numeric, "imageUrl" text, "galleryImages" jsonb,
                                               "inStock" boolean, "stockQuantity" int, category text, dimensions text, weight numeric,
                                               material text, finish text, featured boolean, options jsonb, "createdAt" timestamptz)
      order by x.n
     returning id`,
    [JSON.stringify(products.map((product, n) => ({ ...product, n })))],
  );
  // The ids follow the list: taken in the order of the rows inserted.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * The demo's products with options and variants (D38). They come after the others (their ids follow) and are dated
 * before them, so the shop's and the owner's lists open with the catalogue they always did and product 1 stays a
 * product without options. Their options and variants pass the owner's own rules (variantsInput) and are written as
 * the owner's PUT writes them: the options on the product, then the variants, whose summary (price, stock, in
 * stock) the database's trigger puts on the product.
 */
async function seedVariantProducts(tx: SqlRunner, firstCreated: number): Promise<void> {
  const seeded = variantProducts.map(({ options, variants, ...product }, index) => {
    const values = variantsInput.parse({ options, variants });
    return {
      values,
      row: {
        ...product,
        options: values.options,
        // Replaced by the variants' summary as they are written.
        price: values.variants[0]!.price,
        stockQuantity: 0,
        inStock: false,
        createdAt: new Date(firstCreated - (variantProducts.length - index) * DAY).toISOString(),
      },
    };
  });
  const ids = await insertProducts(
    tx,
    seeded.map(({ row }) => row),
  );
  const variants = seeded.flatMap(({ values }, index) =>
    values.variants.map((variant, position) => ({
      product: ids[index],
      position,
      options: variant.options,
      price: variant.price,
      stock: variant.stockQuantity,
      weight: variant.weight,
      sku: variant.sku,
      image: variant.imageUrl,
      enabled: variant.enabled,
    })),
  );
  await tx.query(
    `insert into product_variant (product_id, position, option_values, price, stock_quantity, weight, sku, image_url, enabled)
     select x.product, x.position, x.options, x.price, x.stock, x.weight, x.sku, x.image, x.enabled
       from jsonb_to_recordset($1::jsonb) as x(product int, position int, options text[], price numeric, stock int, weight numeric,
                                              sku text, image text, enabled boolean)
      order by x.product, x.position`,
    [JSON.stringify(variants)],
  );
}
