import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Router } from 'express';
import { z } from 'zod';
import { errorBody } from './errors';
import { administratorOnly } from './admin-access';
import { sendCsv, withoutDialect } from './csv-download';
import type { AppServices } from '../contract/app-services';
import { subscriberExportInput, subscribersForExport } from '../modules/newsletter';

const MAX_ROWS = 50_000;
const COLUMNS = ['Email', 'Status', 'Subscribed', 'Unsubscribed'];

// Any other query parameter is refused, as on the REST mirror (a misspelt filter would export the wrong list).
const csvQuery = subscriberExportInput.strict();
const QUERY_NAMES = Object.keys(csvQuery.shape).join(', ');

/**
 * GET /api/admin/newsletter/subscribers.csv?search=&status=: the newsletter's addresses for the owner's mail tool (UTF-8,
 * one header row, newest first, at most 50,000). Only subscribed addresses unless `status` asks for others, so an
 * address that unsubscribed is not mailed again by a tool fed this file. A plain express route, as the orders' CSV.
 */
export function newsletterCsvRoute(deps: { orm: MikroORM; services: AppServices }): Router {
  const routes = express.Router();
  routes.get('/admin/newsletter/subscribers.csv', administratorOnly(deps), async (req, res, next) => {
    try {
      const parsed = csvQuery.safeParse(req.query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const message =
          issue.code === 'unrecognized_keys'
            ? `${issue.keys.join(', ')}: is not a query parameter of /admin/newsletter/subscribers.csv (it takes ${QUERY_NAMES})`
            : `${issue.path.join('.')}: ${issue.message}`;
        return void res.status(400).json(errorBody(400, message, 'VALIDATION_FAILED'));
      }
      const rows = (await subscribersForExport(deps.orm.em, parsed.data, MAX_ROWS)).map((row) => [
        row.email,
        row.unsubscribed_at ? 'unsubscribed' : 'subscribed',
        row.created_at.toISOString(),
        row.unsubscribed_at?.toISOString() ?? '',
      ]);
      sendCsv(res, 'newsletter', COLUMNS, rows);
    } catch (error) {
      next(error);
    }
  });
  return routes;
}

/** The export in the API document (the generator only sees tRPC procedures); server/rest/openapi.ts adds its security. */
export const newsletterCsvOperation = {
  operationId: 'admin-newsletter-subscribers-csv',
  tags: ['admin', 'newsletter'],
  summary:
    "The newsletter's addresses as CSV for a mail tool (subscribed only by default; at most 50,000; a cell starting = + - @ is prefixed with ')",
  parameters: (['search', 'status'] as const).map((name) => ({
    in: 'query',
    name,
    schema: withoutDialect(z.toJSONSchema(csvQuery.shape[name], { io: 'input' })),
  })),
  responses: {
    200: {
      description:
        'One header row (Email, Status, Subscribed, Unsubscribed), then one row per address (UTF-8 with a byte order mark, CRLF line ends)',
      content: { 'text/csv': { schema: { type: 'string', examples: ['"Email","Status","Subscribed","Unsubscribed"\r\n...'] } } },
    },
  },
};
