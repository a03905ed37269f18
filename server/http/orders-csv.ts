import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Router } from 'express';
import { z } from 'zod';
import { errorBody } from './errors';
import { administratorOnly } from './admin-access';
import { sendCsv, withoutDialect } from './csv-download';
import type { AppServices } from '../contract/app-services';
import { lineName } from '../domain/line-name';
import { formatOrderNumber } from '../domain/order-number';
import { orderSearchInput, ordersForExport } from '../modules/orders';

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
  'Discount code',
  'Discount',
  'Total',
  'Payment',
  'Carrier',
  'Tracking number',
  'Ship to',
];

// The filter of the admin's Orders tab; any other query parameter is refused, as on the REST mirror.
const csvQuery = orderSearchInput.pick({ search: true, status: true, sort: true }).strict();
const QUERY_NAMES = Object.keys(csvQuery.shape).join(', ');

/**
 * GET /api/admin/orders.csv?search=&status=&sort=: the orders of the admin's current filter as CSV (UTF-8, one
 * header row, at most 10,000 orders). A plain express route: the REST mirror answers JSON only.
 */
export function ordersCsvRoute(deps: { orm: MikroORM; services: AppServices }): Router {
  const routes = express.Router();
  routes.get('/admin/orders.csv', administratorOnly(deps), async (req, res, next) => {
    try {
      const em = deps.orm.em.fork();
      const parsed = csvQuery.safeParse(req.query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const message =
          issue.code === 'unrecognized_keys'
            ? `${issue.keys.join(', ')}: is not a query parameter of /admin/orders.csv (it takes ${QUERY_NAMES})`
            : `${issue.path.join('.')}: ${issue.message}`;
        return void res.status(400).json(errorBody(400, message, 'VALIDATION_FAILED'));
      }
      const orders = await ordersForExport(em, parsed.data, MAX_ROWS);
      const rows = orders.map((order) => {
        const address = order.shippingAddress;
        const items = order.items
          .getItems()
          .map((item) => `${item.quantity} x ${lineName(item)}`)
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
          order.discountCode ?? '',
          order.discount,
          order.total,
          order.paymentMethod,
          order.carrier ?? '',
          order.trackingNumber ?? '',
          `${address.address}, ${address.city}, ${address.state} ${address.zipCode}`,
        ];
      });
      sendCsv(res, 'orders', COLUMNS, rows);
    } catch (error) {
      next(error);
    }
  });
  return routes;
}

/** The export in the API document (the generator only sees tRPC procedures); server/rest/openapi.ts adds its security. */
export const ordersCsvOperation = {
  operationId: 'admin-orders-csv',
  tags: ['admin', 'orders'],
  summary: "The orders of the Orders tab's filter as CSV (at most 10,000; a cell starting = + - @ is prefixed with ')",
  parameters: (['search', 'status', 'sort'] as const).map((name) => ({
    in: 'query',
    name,
    schema: withoutDialect(z.toJSONSchema(csvQuery.shape[name], { io: 'input' })),
  })),
  responses: {
    200: {
      description: 'One header row, then one row per order (UTF-8 with a byte order mark, CRLF line ends)',
      content: { 'text/csv': { schema: { type: 'string', examples: ['"Order","Date",...'] } } },
    },
  },
};
