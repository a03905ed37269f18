import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANT_FORMATS, VARIANT_WIDTHS } from '../../server/domain/image-variants';
import { signIn } from '../support/admin-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
}, 60_000);
afterAll(async () => server?.close());

/** A 1600x900 camera photo as phones save it: stored sideways with an orientation tag, and the place it was taken. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#8a5a2b' } })
    .composite([{ input: { create: { width: 400, height: 900, channels: 3, background: '#f0e0c0' } }, left: 0, top: 0 }])
    .jpeg()
    .withExif({ IFD0: { Make: 'Workshop Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 57/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function upload(body: Buffer, type = 'image/jpeg') {
  return fetch(`${server.url}/api/admin/uploads`, {
    method: 'POST',
    headers: { cookie, 'content-type': type },
    body: new Uint8Array(body),
  });
}

async function image(path: string) {
  const response = await fetch(`${server.url}${path}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('an uploaded photo', () => {
  it('is stored upright, without its EXIF or GPS position, with every width in AVIF, WebP and JPEG and a 1200x630 preview', async () => {
    const photo = await cameraPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(photo);
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);

    const master = await image(url);
    const meta = await sharp(master.bytes).metadata();
    // Orientation 6 turns the 1600x900 landscape into a 900x1600 portrait; no tag is left to turn it twice.
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 900, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Loadable by a mail client (another origin), with the file's other security headers kept.
    expect(master.response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(master.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(master.response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(master.response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(master.bytes.includes(Buffer.from('Workshop Phone'))).toBe(false);

    const hash = url.slice('/uploads/'.length, -'.jpg'.length);
    for (const width of VARIANT_WIDTHS) {
      for (const format of VARIANT_FORMATS) {
        const variant = await image(`/uploads/${hash}-${width}.${format}`);
        expect(variant.response.status, `${width}.${format}`).toBe(200);
        expect(variant.response.headers.get('content-type')).toBe(format === 'jpg' ? 'image/jpeg' : `image/${format}`);
        expect(variant.response.headers.get('cache-control')).toContain('immutable');
        const variantMeta = await sharp(variant.bytes).metadata();
        // Never wider than the photo itself (900 after turning it upright).
        expect(variantMeta.width).toBe(Math.min(width, 900));
        expect(variantMeta.exif).toBeUndefined();
      }
    }
    const small = await image(`/uploads/${hash}-320.webp`);
    expect(small.bytes.length).toBeLessThan(master.bytes.length / 4);

    const preview = await image(`/uploads/${hash}-og.jpg`);
    expect(preview.response.status).toBe(200);
    const previewMeta = await sharp(preview.bytes).metadata();
    expect([previewMeta.format, previewMeta.width, previewMeta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('uploaded twice is one image at one address', async () => {
    const photo = await cameraPhoto();
    const [first, second] = await Promise.all([upload(photo), upload(photo)]);
    expect(((await first.json()) as { url: string }).url).toBe(((await second.json()) as { url: string }).url);
  });

  it('refuses a file that starts like a JPEG but is not a whole image, and sizes or formats the shop does not make', async () => {
    const photo = await cameraPhoto();
    const cut = await upload(photo.subarray(0, 600));
    expect(cut.status).toBe(415);
    expect(((await cut.json()) as { message: string }).message).toMatch(/not a whole image/);
    const junk = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]));
    expect(junk.status).toBe(415);

    const { url } = (await (await upload(photo)).json()) as { url: string };
    const hash = url.slice('/uploads/'.length, -'.jpg'.length);
    for (const path of [`/uploads/${hash}-500.webp`, `/uploads/${hash}-og.webp`, `/uploads/${hash}-320.gif`, `/uploads/${hash}-320.svg`]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });
});
