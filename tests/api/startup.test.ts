import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { demoPosts, demoProducts, variantProducts } from '../../server/db/seed-data';
import { startServer } from '../../server/server';

const dataDir = path.join(os.tmpdir(), `turnery-startup-${randomBytes(4).toString('hex')}`);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// No DATABASE_URL: the server must bring up its own embedded PostgreSQL, as `npm start` does on a fresh machine.
const config = () =>
  loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', STOP_DELAY_MS: '0' });

async function counts(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const products = await client.query<{ n: string }>('select count(*) as n from product');
    const posts = await client.query<{ n: string }>('select count(*) as n from blog_post');
    return { products: Number(products.rows[0]!.n), posts: Number(posts.rows[0]!.n) };
  } finally {
    await client.end();
  }
}

describe('start-up on a fresh machine', () => {
  it('creates the embedded database, migrates and seeds once; a second start changes nothing', { timeout: 120_000 }, async () => {
    const first = await startServer(config());
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const second = await startServer(config());
    try {
      expect(await counts(second.databaseUrl)).toEqual({ products: demoProducts.length + variantProducts.length, posts: demoPosts.length });
      const featured = await fetch(`${second.url}/api/products/featured`);
      expect(featured.status).toBe(200);
      // The demo's products with variants (D38): sold by variant, their summary the variants' (the lowest price, the
      // stock of all), listed after the others; product 1 is a product without options.
      type Listed = { id: number; name: string; price: string; stockQuantity: number; inStock: boolean; variants?: { title: string }[] };
      const listed = (await (await fetch(`${second.url}/api/products`)).json()) as Listed[];
      const bowl = listed.find((product) => product.name === 'Yarn Bowl in Three Woods');
      expect(bowl).toMatchObject({ price: '56.00', stockQuantity: 5, inStock: true });
      expect(bowl!.variants!.map((variant) => variant.title)).toEqual(['Walnut', 'Cherry', 'Maple']);
      const board = listed.find((product) => product.name === 'Hard Maple Cutting Board, Two Sizes');
      expect(board).toMatchObject({ price: '48.00', stockQuantity: 7, inStock: true });
      expect(listed.slice(-2).map((product) => product.name)).toEqual([board!.name, bowl!.name]);
      expect(listed.filter((product) => product.variants)).toHaveLength(variantProducts.length);
      expect(Object.keys(listed.find((product) => product.id === 1)!)).not.toContain('variants');
    } finally {
      await second.stop();
    }
  });
});
