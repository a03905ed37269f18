// Lists today's paid orders (newest first) and, given a tracking number, ships the oldest of them by USPS.
//   npx openapi-typescript "$TURNERY_URL/api/openapi.json" -o turnery.d.ts
//   TURNERY_URL=https://shop.example TURNERY_TOKEN=tny_... npx tsx ship-todays-orders.ts [tracking number]
import createClient from 'openapi-fetch';
import type { paths } from './turnery';

const api = createClient<paths>({
  baseUrl: `${process.env.TURNERY_URL}/api`,
  headers: { Authorization: `Bearer ${process.env.TURNERY_TOKEN}` },
});

const today = new Date().toISOString().slice(0, 10); // dates are UTC
const { data, error } = await api.GET('/admin/orders', { params: { query: { status: 'completed', pageSize: 100 } } });
if (error) throw new Error(`${error.data.reason}: ${error.message}`);
const todays = data.orders.filter((order) => order.createdAt.startsWith(today));
for (const order of todays) console.log(`#${order.id} ${order.customerName} $${order.total}`);

const oldest = todays.at(-1);
const trackingNumber = process.argv[2];
if (oldest && trackingNumber) {
  const shipped = await api.PATCH('/orders/{id}/status', {
    params: { path: { id: oldest.id } },
    body: { status: 'shipped', carrier: 'USPS', trackingNumber },
  });
  if (shipped.error) throw new Error(`${shipped.error.data.reason}: ${shipped.error.message}`);
  console.log(`#${shipped.data.id} is ${shipped.data.status}: ${shipped.data.trackingUrl}`);
}
