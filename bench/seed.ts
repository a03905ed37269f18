import pg from 'pg';

/**
 * Grows the demo catalogue to `products` products and adds `orders` completed orders with 1-3 lines each,
 * straight in SQL so that seeding 10,000 orders takes seconds.
 */
export async function seedBenchData(databaseUrl: string, { products, orders }: { products: number; orders: number }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from product');
    const missing = Math.max(0, products - Number(rows[0]!.n));
    await client.query(
      `insert into product (name, description, price, image_url, gallery_images, in_stock, stock_quantity, category,
         dimensions, weight, material, finish, featured, archived, created_at, updated_at)
       select
         (array['Walnut', 'Cherry', 'Maple', 'Oak', 'Ash'])[1 + i % 5] || ' ' ||
           (array['Yarn Bowl', 'Cutting Board', 'Swirlette', 'Honey Dipper'])[1 + i % 4] || ' No. ' || i,
         'A hand-turned piece from the bench catalogue, number ' || i || '. Food-safe finish, made to last.',
         (10 + (i * 7) % 130)::numeric(10,2) + 0.99,
         '/images/products/cherry-yarn-bowl.svg', '[]'::jsonb, true, 1000000,
         (array['yarn-bowls', 'cutting-boards', 'swirlettes', 'accessories'])[1 + i % 4],
         '6" x 4"', 1.5, 'Hardwood', 'Mineral oil', false, false,
         now() - (i || ' minutes')::interval, now()
       from generate_series(1, $1::int) as i`,
      [missing],
    );
    await client.query(
      `with new_orders as (
         insert into shop_order (customer_email, customer_name, shipping_address, billing_address, subtotal, shipping,
           tax, total, status, payment_method, created_at)
         select 'bench' || i || '@example.com', 'Bench Customer ' || i,
           '{"address":"1 Main St","city":"Athens","state":"GA","zipCode":"30601","phone":"555-0100"}'::jsonb,
           '{"address":"1 Main St","city":"Athens","state":"GA","zipCode":"30601"}'::jsonb,
           50.00, 6.95, 2.00, 58.95, (array['completed', 'pending', 'shipped'])[1 + i % 3], 'square',
           now() - ((i % 60) || ' days')::interval
         from generate_series(1, $1::int) as i
         returning id)
       insert into order_item (order_id, product_id, name, price, quantity)
       select o.id, p.id, p.name, p.price, 1 + o.id % 3
       from new_orders o
       join lateral (select id, name, price from product order by id offset (o.id % 50) limit 1 + o.id % 3) p on true`,
      [orders],
    );
  } finally {
    await client.end();
  }
}
