// The framework's own ceiling (D33): the owner's own stack, express 5 + tRPC 11, doing the work of the shop's public
// calculations (tax, shipping, a cart's quote) with the same pure code, the same zod inputs and the same one query,
// and nothing else (no log, no headers, no session, no output check). The REST path calls the procedure through
// tRPC's public caller (createCallerFactory), as the shop's mirror does; /trpc is tRPC's express adapter. Where the
// framework is the cost, the shop is measured against this.
import { initTRPC } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type RequestHandler } from 'express';
import pg from 'pg';
import { z } from 'zod';
import { centsToNumber, formatCents } from '../server/domain/money';
import { amountCentsInput, weightInput } from '../server/domain/money-input';
import { shippingCents } from '../server/domain/shipping';
import { stateSchema } from '../server/domain/states';
import { STARTING_RULES, stateTaxCents } from '../server/domain/sales-rules';
import { priceCart, quoteAnswer, type PricedProduct } from '../server/modules/checkout/pricing';
import { quoteInput } from '../server/modules/checkout/checkout.schema';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT ?? 4401);

const t = initTRPC.create();
const calculations = t.router({
  tax: t.procedure
    .input(z.object({ amount: amountCentsInput, state: stateSchema }))
    .mutation(({ input }) => ({ taxAmount: centsToNumber(stateTaxCents(STARTING_RULES, input.state, input.amount)) })),
  shipping: t.procedure
    .input(z.object({ weight: weightInput, state: stateSchema, subtotal: amountCentsInput.optional() }))
    .mutation(({ input }) => ({ shippingCost: centsToNumber(shippingCents({ weightLb: input.weight, subtotalCents: input.subtotal })) })),
  quote: t.procedure.input(quoteInput).mutation(async ({ input }) => {
    const { rows } = await pool.query<PricedProduct>(
      `select id, name, price, image_url as "imageUrl", in_stock as "inStock", stock_quantity as "stockQuantity", weight, archived
       from product where id = any($1) order by id`,
      [input.items.map((item) => item.productId)],
    );
    const items = input.items.map((item) => ({ ...item, price: item.price === undefined ? undefined : formatCents(item.price) }));
    return quoteAnswer(priceCart(rows, items, input.state));
  }),
});
const caller = t.createCallerFactory(calculations);

/** A REST path: its JSON body through the procedure's input check, by tRPC's public caller. */
const rest =
  (call: (procedures: ReturnType<typeof caller>, body: unknown) => Promise<unknown>): RequestHandler =>
  (req, res, next) => {
    call(caller({}), req.body).then((answer) => res.json(answer), next);
  };

const app = express();
app.use(express.json());
app.post(
  '/api/tax/calculate',
  rest((procedures, body) => procedures.tax(body as never)),
);
app.post(
  '/api/shipping/calculate',
  rest((procedures, body) => procedures.shipping(body as never)),
);
app.post(
  '/api/checkout/quote',
  rest((procedures, body) => procedures.quote(body as never)),
);
app.use('/trpc', createExpressMiddleware({ router: calculations }));
app.get('/ready', (_req, res) => void res.send('ok'));
app.listen(port, '127.0.0.1', () => console.log(`express + tRPC baseline at http://127.0.0.1:${port}`));
process.on('SIGTERM', () => process.exit(0));
