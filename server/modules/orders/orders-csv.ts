import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Router } from 'express';
import { errorBody } from '../../http/errors';
import { administratorOnly } from '../../http/admin-access';
import type { AppServices } from '../../services';
import { formatOrderNumber } from '../../domain/order-number';
import { orderSearchInput, ordersForExport } from './order-search';

const MAX_ROWS = 10_000;
const COLUMNS = [
  'Order',
  'Date',
  'Status',
  'Customer',
  'Email',
  'Items',
  'Subtotal',
  'Shipping',
  'Tax',
  'Total',
  'Payment',
  'Carrier',
  'Tracking number',
  'Ship to',
];

/** A spreadsheet cell: quoted, quotes doubled, and never read as a formula by a spreadsheet (=, +, -, @). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * GET /api/admin/orders.csv?search=&status=&sort=: the orders of the admin's current filter as CSV (UTF-8, one
 * header row, at most 10,000 orders). A plain express route: the REST mirror answers JSON only.
 */
export function ordersCsvRoute(deps: { orm: MikroORM; services: AppServices }): Router {
  const routes = express.Router();
  routes.get('/admin/orders.csv', administratorOnly(deps), async (req, res, next) => {
    try {
      const em = deps.orm.em.fork();
      const parsed = orderSearchInput.safeParse(req.query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return void res.status(400).json(errorBody(400, `${issue.path.join('.')}: ${issue.message}`, 'VALIDATION_FAILED'));
      }
      const orders = await ordersForExport(em, parsed.data, MAX_ROWS);
      const rows = orders.map((order) => {
        const address = order.shippingAddress;
        const items = order.items
          .getItems()
          .map((item) => `${item.quantity} x ${item.name}`)
          .join('; ');
        return [
          formatOrderNumber(order.id),
          order.createdAt.toISOString(),
          order.status,
          order.customerName,
          order.customerEmail,
          items,
          order.subtotal,
          order.shipping,
          order.tax,
          order.total,
          order.paymentMethod,
          order.carrier ?? '',
          order.trackingNumber ?? '',
          `${address.address}, ${address.city}, ${address.state} ${address.zipCode}`,
        ];
      });
      const csv = [COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
      res
        .type('text/csv; charset=utf-8')
        .setHeader('Content-Disposition', `attachment; filename="turnery-orders-${new Date().toISOString().slice(0, 10)}.csv"`)
        .setHeader('Cache-Control', 'no-store')
        .send(`\uFEFF${csv}\r\n`);
    } catch (error) {
      next(error);
    }
  });
  return routes;
}
