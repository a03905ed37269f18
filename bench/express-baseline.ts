// The framework's own ceiling (D32): bare express 5 with express.json doing the work of the shop's public
// calculations (tax, shipping, a cart's quote) with the same pure code and the same one query, and nothing else (no
// log, no headers, no session, no validation). Where the framework is the cost, the shop is measured against this.
import express from 'express';
import pg from 'pg';
import { centsToNumber, toCents } from '../server/domain/money';
import { shippingCents } from '../server/domain/shipping';
import type { StateCode } from '../server/domain/states';
import { taxCents } from '../server/domain/tax';
import { priceCart, quoteAnswer, type CartLine, type PricedProduct } from '../server/modules/checkout/pricing';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT ?? 4401);
const app = express();
app.use(express.json());

app.post('/api/tax/calculate', (req, res) => {
  const body = req.body as { amount: number; state: StateCode };
  res.json({ taxAmount: centsToNumber(taxCents(toCents(body.amount), body.state)) });
});

app.post('/api/shipping/calculate', (req, res) => {
  const body = req.body as { weight: number; subtotal?: number };
  res.json({ shippingCost: centsToNumber(shippingCents({ weightLb: body.weight, subtotalCents: body.subtotal })) });
});

app.post('/api/checkout/quote', (req, res, next) => {
  const body = req.body as { items: CartLine[]; state?: StateCode };
  pool
    .query<PricedProduct>(
      `select id, name, price, image_url as "imageUrl", in_stock as "inStock", stock_quantity as "stockQuantity", weight, archived
       from product where id = any($1) order by id`,
      [body.items.map((item) => item.productId)],
    )
    .then(({ rows }) => {
      res.json(quoteAnswer(priceCart(rows, body.items, body.state)));
    }, next);
});

app.get('/ready', (_req, res) => void res.send('ok'));
app.listen(port, '127.0.0.1', () => console.log(`express baseline at http://127.0.0.1:${port}`));
process.on('SIGTERM', () => process.exit(0));
