import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded-postgres';
import { startServer, type RunningServer } from '../../server/server';
import { signIn, TEST_ADMIN_PASSWORD } from '../support/admin-client';
import { sql } from '../support/database';
import { buy, insertProduct } from '../support/fixtures';
import { keepAliveClient } from '../support/http-client';
import type { TestServer } from '../support/test-server';

// The backup recipe of docs/deployment.md, run as written: pg_dump's custom format of a shop with an order and an uploaded image,
// restored with pg_restore into a new database on which a new shop starts and serves both. PostgreSQL 15 (the
// major version of compose.yaml's database) so Debian's pg_dump 15 can read it; pg_dump refuses newer servers.
const work = path.join(os.tmpdir(), `turnery-backup-${randomBytes(4).toString('hex')}`);
let postgres: EmbeddedDatabase | undefined;
let shop: RunningServer | undefined;
afterAll(async () => {
  await shop?.stop();
  await postgres?.stop();
});

const startShop = (databaseUrl: string) =>
  startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SESSION_SECRET: 'backup-test-session-secret-0123456789',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(work, 'data'),
      STOP_DELAY_MS: '0',
    }),
  );

function pgTool(name: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    return execFileSync(name, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT')
      throw new Error(`${name} is not installed: apt-get install postgresql-client (docs/testing.md)`, { cause: error });
    throw new Error(`${name} failed: ${stderr ?? String(error)}`, { cause: error });
  }
}

describe('a nightly backup', () => {
  it('restores into a new database as a shop that has the orders, the images and the password', { timeout: 180_000 }, async () => {
    expect(pgTool('pg_dump', ['--version'])).toMatch(/PostgreSQL\)? 1[5-9]/);
    postgres = await startEmbeddedPostgres(path.join(work, 'pg'), () => {}, { persistent: false, version: 15 });
    shop = await startShop(postgres.url);
    const productId = await insertProduct(postgres.url, { stock: 7 });
    const { orderId } = await buy(keepAliveClient(shop.url), productId);
    expect(orderId).toBeGreaterThan(0);
    const cookie = await signIn(shop as unknown as TestServer);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${shop.url}/api/admin/uploads`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    const { url: imageUrl } = (await uploaded.json()) as { url: string };
    const image = Buffer.from(await (await fetch(`${shop.url}${imageUrl}`)).arrayBuffer());
    await shop.stop();
    shop = undefined;

    // docs/deployment.md: pg_dump --format=custom "$DATABASE_URL" > turnery-$(date +%F).dump
    const dump = path.join(work, 'turnery.dump');
    pgTool('pg_dump', ['--format=custom', `--file=${dump}`, postgres.url]);
    // A new, empty database (a new server after losing the old one), then the recipe's restore.
    await sql(postgres.url, 'create database restored');
    const restoredUrl = postgres.url.replace(/\/turnery$/, '/restored');
    pgTool('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);

    shop = await startShop(restoredUrl);
    const restoredCookie = await signIn(shop as unknown as TestServer);
    const order = await fetch(`${shop.url}/api/admin/orders/${orderId}`, { headers: { cookie: restoredCookie } });
    expect(order.status).toBe(200);
    expect(await order.json()).toMatchObject({ id: orderId, items: [expect.objectContaining({ productId, quantity: 1 })] });
    const product = (await (await fetch(`${shop.url}/api/products/${productId}`)).json()) as { stockQuantity: number };
    expect(product.stockQuantity).toBe(6);
    const served = await fetch(`${shop.url}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    // The restored shop still sells, and its order numbers carry on after the restored ones.
    const next = await buy(keepAliveClient(shop.url), productId);
    expect(next.orderId).toBeGreaterThan(orderId!);
  });
});
