// The raw baseline: node:http and the pg driver running the same SQL as the shop and writing the same JSON,
// with no framework, no validation and no cache. The shop should match or beat it on reads. Its checkout is in
// baseline-checkout.ts.
import http from 'node:http';
import { Logger, run } from 'graphile-worker';
import pg from 'pg';
import { centsToNumber, formatPrice } from '../server/domain/money';
import { shippingCents } from '../server/domain/shipping';
import type { StateCode } from '../server/domain/states';
import { priceCart, quoteAnswer, type CartLine, type PricedProduct } from '../server/modules/checkout/pricing';
import { renderEmail } from '../server/emails/render-email';
import { placeOrder, processPayment } from './baseline-checkout';

const SHOP = { location: 'Booth 114, Riverside Antique Mall, Athens, Georgia', email: 'hello@turnery.example' };
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT ?? 4400);

const COLUMNS = `id, name, description, price, image_url, gallery_images, in_stock, stock_quantity, category,
  dimensions, weight, material, finish, featured, created_at`;

interface Row {
  id: number;
  name: string;
  description: string;
  price: string;
  image_url: string;
  gallery_images: string[];
  in_stock: boolean;
  stock_quantity: number;
  category: string;
  dimensions: string;
  weight: string;
  material: string;
  finish: string;
  featured: boolean;
  created_at: Date;
}

const toJson = (row: Row) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: row.price,
  imageUrl: row.image_url,
  galleryImages: row.gallery_images,
  inStock: row.in_stock,
  stockQuantity: row.stock_quantity,
  category: row.category,
  dimensions: row.dimensions,
  weight: row.weight,
  material: row.material,
  finish: row.finish,
  featured: row.featured,
  createdAt: row.created_at.toISOString(),
});

const TAX_BASIS_POINTS: Record<string, number> = { GA: 400, NC: 475, SC: 600, TN: 700, FL: 600, AL: 400 };

async function route(req: http.IncomingMessage): Promise<[number, unknown]> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/api/products/featured') {
    const { rows } = await pool.query<Row>(`select ${COLUMNS} from product where featured and not archived order by id`);
    return [200, rows.map(toJson)];
  }
  if (req.method === 'GET' && path === '/api/products') {
    const search = url.searchParams.get('search') ?? '';
    const category = url.searchParams.get('category') ?? '';
    const where = ['not archived'];
    const params: string[] = [];
    if (category && category !== 'all') {
      params.push(category);
      where.push(`category = $${params.length}`);
    }
    if (search.trim()) {
      params.push(
        `%${search
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      );
      where.push(`lower(name || ' ' || description) like $${params.length}`);
    }
    const { rows } = await pool.query<Row>(
      `select ${COLUMNS} from product where ${where.join(' and ')} order by featured desc, created_at desc, id desc`,
      params,
    );
    return [200, rows.map(toJson)];
  }
  const byId = /^\/api\/products\/(\d+)$/.exec(path);
  if (req.method === 'GET' && byId) {
    const { rows } = await pool.query<Row>(`select ${COLUMNS} from product where id = $1 and not archived`, [Number(byId[1])]);
    return rows[0] ? [200, toJson(rows[0])] : [404, { message: 'Product not found', code: 'NOT_FOUND' }];
  }
  if (req.method === 'POST' && path === '/api/tax/calculate') {
    const body = JSON.parse(await readBody(req)) as { amount: number; state: string };
    const cents = Math.round(body.amount * 100);
    const tax = Math.floor((cents * TAX_BASIS_POINTS[body.state]! + 5_000) / 10_000);
    return [200, { taxAmount: tax / 100 }];
  }
  if (req.method === 'POST' && path === '/api/shipping/calculate') {
    const body = JSON.parse(await readBody(req)) as { weight: number; subtotal?: number };
    return [200, { shippingCost: centsToNumber(shippingCents({ weightLb: body.weight, subtotalCents: body.subtotal })) }];
  }
  if (req.method === 'POST' && path === '/api/checkout/quote') {
    // The same pure pricing the shop uses, on the same one query: what differs is only the framework around it.
    const body = JSON.parse(await readBody(req)) as { items: CartLine[]; state?: StateCode };
    const { rows } = await pool.query<PricedProduct>(
      `select id, name, price, image_url as "imageUrl", in_stock as "inStock", stock_quantity as "stockQuantity", weight, archived
       from product where id = any($1) order by id`,
      [body.items.map((item) => item.productId)],
    );
    // The shop's answer: its lines and problems, and the figures as two-decimal strings.
    return [200, quoteAnswer(priceCart(rows, body.items, body.state))];
  }
  if (req.method === 'POST' && path === '/api/contact') return contact(req);
  if (req.method === 'POST' && path === '/api/square/process-payment') {
    return processPayment(pool, JSON.parse(await readBody(req)) as Parameters<typeof processPayment>[1], req.socket.remoteAddress ?? '');
  }
  if (req.method === 'POST' && path === '/api/orders') {
    return placeOrder(pool, JSON.parse(await readBody(req)) as Parameters<typeof placeOrder>[1], req.socket.remoteAddress ?? '');
  }
  return [404, { message: 'Not found', code: 'NOT_FOUND' }];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const card = (row: Row) =>
  `<li><a href="/product/${row.id}"><img src="${escapeHtml(row.image_url)}" alt="" width="400" height="400" loading="lazy">` +
  `<h3>${escapeHtml(row.name)}</h3></a><p>${formatPrice(row.price)}</p><button type="button">Add to Cart</button></li>`;
const page = (title: string, main: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${main}</main></body></html>`;

/** The storefront's server-rendered pages as plain templates, no framework: the shop, home, a product. */
async function storefrontPage(path: string): Promise<string | undefined> {
  if (path === '/shop') {
    const { rows } = await pool.query<Row>(
      `select ${COLUMNS} from product where not archived order by featured desc, created_at desc, id desc`,
    );
    return page('Shop', `<h1>Shop</h1><ul>${rows.map(card).join('')}</ul>`);
  }
  if (path === '/') {
    const { rows } = await pool.query<Row>(`select ${COLUMNS} from product where featured and not archived order by id`);
    return page('Turnery', `<h1>Handcrafted wooden goods</h1><h2>Featured Crafts</h2><ul>${rows.map(card).join('')}</ul>`);
  }
  const id = /^\/product\/(\d+)$/.exec(path)?.[1];
  if (!id) return undefined;
  const { rows } = await pool.query<Row>(`select ${COLUMNS} from product where id = $1 and not archived`, [Number(id)]);
  const row = rows[0];
  if (!row) return undefined;
  return page(
    row.name,
    `<img src="${escapeHtml(row.image_url)}" alt="${escapeHtml(row.name)}" width="600" height="600"><h1>${escapeHtml(row.name)}</h1>` +
      `<p>${formatPrice(row.price)}</p><p>${escapeHtml(row.description)}</p><dl><dt>Dimensions</dt><dd>${escapeHtml(row.dimensions)}</dd>` +
      `<dt>Material</dt><dd>${escapeHtml(row.material)}</dd><dt>Finish</dt><dd>${escapeHtml(row.finish)}</dd></dl>` +
      `<button type="button">Add to Cart</button>`,
  );
}

// Contact messages one client may send in 10 minutes, counted in memory: the raw answer to a one-client flood.
const CONTACTS_PER_CLIENT = 5;
const contactsBy = new Map<string, number>();

/** A contact message: 429 once the client is over its count, as the shop's limit answers; else stored. */
async function contact(req: http.IncomingMessage): Promise<[number, unknown]> {
  const client = req.socket.remoteAddress ?? '';
  const sent = (contactsBy.get(client) ?? 0) + 1;
  contactsBy.set(client, sent);
  const body = await readBody(req);
  if (sent > CONTACTS_PER_CLIENT) return [429, { message: 'Too many messages. Please wait and try again.', code: 'TOO_MANY_REQUESTS' }];
  const message = JSON.parse(body) as { firstName: string; lastName: string; email: string; subject: string; message: string };
  await pool.query(
    `insert into contact_message (first_name, last_name, email, subject, message, status, created_at) values ($1, $2, $3, $4, $5, 'new', now())`,
    [message.firstName, message.lastName, message.email, message.subject, message.message],
  );
  return [200, { success: true }];
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

http
  .createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/shop' || req.url === '/' || req.url?.startsWith('/product/'))) {
      storefrontPage(req.url).then(
        (html) => {
          res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(html ?? 'Not found');
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
      return;
    }
    route(req).then(
      ([status, body]) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      },
      () => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"message":"error"}');
      },
    );
  })
  .listen(port, '127.0.0.1', () => console.log(`baseline at http://127.0.0.1:${port}`));

// The emails its orders write are delivered as the shop's are where no SMTP server is set: by the job queue their
// rows fill (graphile-worker, two at a time, as each shop instance runs it), each delivery a read of its email, its
// rendering by the shop's own templates (as the shop's job renders it) and the write of its text and HTML.
await run({
  connectionString: process.env.DATABASE_URL,
  concurrency: 2,
  noHandleSignals: true,
  pollInterval: 1000,
  maxPoolSize: 4,
  logger: new Logger(() => () => {}),
  taskList: {
    deliver_email: async (payload) => {
      const { rows } = await pool.query<{ id: number; kind: string; data: unknown }>({
        name: 'baseline_email',
        text: 'select * from outbox_email where id = $1',
        values: [(payload as { id: number }).id],
      });
      const email = rows[0]!;
      const { text, html } = await renderEmail(email.kind, email.data, SHOP);
      await pool.query({
        name: 'baseline_email_rendered',
        text: 'update outbox_email set text = $2, html = $3 where id = $1',
        values: [email.id, text, html],
      });
    },
  },
});

// A clean exit on the bench's stop, so a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => process.exit(0));
