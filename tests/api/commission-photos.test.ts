import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/admin-client';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { requestCommission } from '../support/commission-fixtures';
import { forwardedClient } from '../support/fixtures';
import type { ErrorJson } from '../support/api-types';
import { startTestServer, type TestServer } from '../support/test-server';

// A buyer's reference photos are the shop's to keep only once a request takes them (issue 42): a photo no request
// took is deleted by a job a day after its upload, and what one client may upload is bounded by its bytes as well
// as by its count. The photos' addresses say what a visitor sees; the job runs on the shop's own queue.

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  // Each address another client behind a balancer the shop trusts.
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
  cookie = await signIn(server);
});
afterAll(() => server?.close());

let shades = 0;
/** A photo no other test sends (a colour of its own): each is stored under its own name. */
const photo = () => {
  shades += 1;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (shades * 24) % 256, g: 255 - shades * 8, b: 60 } } })
    .jpeg()
    .toBuffer();
};

const upload = async (body: Buffer, from: string, path = '/api/commissions/photos', headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': from, ...headers },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as { url: string } & ErrorJson, response };
};

/** The same, the body sent in chunks without a Content-Length. */
const uploadChunked = async (body: Buffer, from: string) => {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < body.length; at += 1024 * 1024) controller.enqueue(new Uint8Array(body.subarray(at, at + 1024 * 1024)));
      controller.close();
    },
  });
  const response = await fetch(`${server.url}/api/commissions/photos`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': from },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as { url: string } & ErrorJson, response };
};

const statusOf = async (url: string) => (await fetch(`${server.url}${url}`)).status;

/** Moves an upload's time back by `hours`: what a day's wait would do. */
const uploadedHoursAgo = (url: string, hours: number) =>
  sql(server.databaseUrl, `update upload set created_at = now() - make_interval(hours => $2) where name = $1`, [
    url.slice('/uploads/'.length),
    hours,
  ]);

/** Queues the clean-up job, as its schedule does, and waits until the queue has run it. */
async function runCleanUp() {
  await sql(server.databaseUrl, `select graphile_worker.add_job('forget_unattached_photos')`);
  const left = await eventually(
    () =>
      sql<{ attempts: number; last_error: string | null }>(
        server.databaseUrl,
        `select attempts, last_error from graphile_worker.jobs where task_identifier = 'forget_unattached_photos'`,
      ),
    // Done (a job that succeeded leaves the queue), or failed (it stays, with its error).
    (jobs) => jobs.length === 0 || jobs.some((job) => job.last_error !== null),
    20_000,
  );
  expect(left).toEqual([]);
}

describe("a buyer's reference photos that no request took", () => {
  it('are deleted a day after their upload, with their resized copies; photos of a request, of today and the shop’s own stay', async () => {
    const buyer = forwardedClient(server.url, '198.51.100.10');
    const attached = (await upload(await photo(), '198.51.100.10')).body.url;
    const forgotten = (await upload(await photo(), '198.51.100.10')).body.url;
    const today = (await upload(await photo(), '198.51.100.10')).body.url;
    const owners = (await upload(await photo(), '127.0.0.1', '/api/admin/uploads', { cookie })).body.url;
    for (const url of [attached, forgotten, today, owners]) expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(new Set([attached, forgotten, today, owners]).size).toBe(4);
    await requestCommission(buyer, { email: 'ada.photos.kept@example.com', photos: [attached] });
    // A page asked for a resized copy of the forgotten photo: it was made and stored then.
    const copy = forgotten.replace('.jpg', '-320.webp');
    expect(await statusOf(copy)).toBe(200);
    for (const url of [attached, forgotten, owners]) await uploadedHoursAgo(url, 25);
    await uploadedHoursAgo(copy, 25);

    await runCleanUp();

    expect(await statusOf(forgotten)).toBe(404);
    expect(await sql(server.databaseUrl, `select name from upload where name like $1`, [`${forgotten.slice(9, 41)}%`])).toEqual([]);
    expect(await statusOf(attached)).toBe(200);
    expect(await statusOf(today)).toBe(200);
    expect(await statusOf(owners)).toBe(200);
  });

  it('are kept when a request takes them before the day is over, however old they are then', async () => {
    const buyer = forwardedClient(server.url, '198.51.100.11');
    const url = (await upload(await photo(), '198.51.100.11')).body.url;
    await uploadedHoursAgo(url, 23);
    await requestCommission(buyer, { email: 'ada.photos.late@example.com', photos: [url] });
    await uploadedHoursAgo(url, 48);
    await runCleanUp();
    expect(await statusOf(url)).toBe(200);
  });
});

/** A JPEG of about `bytes` bytes: a small picture and comment blocks, which the upload drops when it re-encodes it. */
async function largePhoto(bytes: number): Promise<Buffer> {
  const picture = await photo();
  const comment = Buffer.alloc(65_533, 0x20);
  const block = Buffer.concat([Buffer.from([0xff, 0xfe, 0xff, 0xff]), comment]);
  const blocks = Array.from({ length: Math.floor((bytes - picture.length) / block.length) }, () => block);
  // After the start-of-image marker, before the picture's own segments.
  return Buffer.concat([picture.subarray(0, 2), ...blocks, picture.subarray(2)]);
}

describe('what one client may upload in ten minutes', () => {
  it('is bounded by its bytes: the photo that would pass 40 MB is refused with 429 while the count is still far from its 20', async () => {
    const from = '198.51.100.20';
    const big = await largePhoto(7 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(6.9 * 1024 * 1024);
    // Five of 7 MB: 35 MB, counted by their Content-Length, the last one's once read (it has none).
    for (let sent = 1; sent <= 4; sent++) expect((await upload(big, from)).status).toBe(201);
    expect((await uploadChunked(big, from)).status).toBe(201);
    expect((await uploadChunked(big, from)).status).toBe(429);
    const refused = await upload(big, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { httpStatus: 429, reason: 'RATE_LIMITED' } });
    expect(refused.body.message).toMatch(/^Too many .*Please wait \d+ seconds and try again\.$/);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client's budget is its own.
    expect((await upload(big, '198.51.100.21')).status).toBe(201);
  }, 60_000);
});
