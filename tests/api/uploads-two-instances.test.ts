import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { cookiesOf } from '../support/admin-client';
import { startShopProcess, type ShopProcess } from '../support/shop-process';

// Two app processes on one PostgreSQL, each with its own local disk (DATA_DIR), as behind a load balancer:
// an image uploaded through one is served by the other.
const PASSWORD = 'uploads-two-instances-password';
// A real 2x2 PNG with transparency (uploads are decoded: a file that does not decode is refused).
const png = await sharp({ create: { width: 2, height: 2, channels: 4, background: { r: 120, g: 80, b: 40, alpha: 0.5 } } })
  .png()
  .toBuffer();
// A file an earlier version left on instance A's disk (and a product may link to).
const OLD_NAME = `${randomBytes(16).toString('hex')}.png`;
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
const shops: (ShopProcess & { dataDir: string })[] = [];

beforeAll(async () => {
  database = await createScratchDatabase(inject('databaseServerUrl'), 'uploads', inject('migratedTemplate'));
  const secret = randomBytes(32).toString('hex');
  for (let i = 0; i < 2; i += 1) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'turnery-uploads-'));
    if (i === 0) {
      await fs.mkdir(path.join(dataDir, 'uploads'));
      await fs.writeFile(path.join(dataDir, 'uploads', OLD_NAME), png);
    }
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: secret };
    shops.push({ ...(await startShopProcess(env)), dataDir });
  }
}, 120_000);
afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  await Promise.all(shops.map((shop) => fs.rm(shop.dataDir, { recursive: true, force: true })));
  await database?.drop();
});

describe('uploaded images on two instances with their own disks', () => {
  it('an image uploaded to A is served by B byte for byte with the same strong ETag, and 304 on If-None-Match', async () => {
    const [a, b] = shops as [(typeof shops)[0], (typeof shops)[0]];
    const login = await fetch(`${a.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = cookiesOf(login);
    const upload = await fetch(`${a.url}/api/admin/uploads`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'image/png' },
      body: png,
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const fromA = await fetch(`${a.url}${url}`);
    const fromB = await fetch(`${b.url}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    expect(fromB.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    const etag = fromB.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(fromA.headers.get('etag')).toBe(etag);
    const again = await fetch(`${b.url}${url}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("a file an earlier version kept on A's disk is copied in at start-up and served by B at its old URL", async () => {
    const [a, b] = shops as [(typeof shops)[0], (typeof shops)[0]];
    const served = await fetch(`${b.url}/uploads/${OLD_NAME}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    // Made from it on first request (it predates resized copies), then stored for every instance.
    const variant = await fetch(`${b.url}/uploads/${OLD_NAME.replace('.png', '-320.webp')}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect((await fetch(`${a.url}/uploads/${OLD_NAME.replace('.png', '-320.webp')}`)).headers.get('etag')).toBe(
      variant.headers.get('etag'),
    );
    expect((await fetch(`${b.url}/uploads/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${b.url}/uploads/${'0'.repeat(32)}-320.webp`)).status).toBe(404);
    expect((await fetch(`${b.url}/uploads/..%2Fsession-secret`)).status).toBe(404);
  });
});
