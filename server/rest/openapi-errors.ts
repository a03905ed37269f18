import type { oas31 } from 'zod-openapi';
import { ERROR_REASONS, ERROR_REASON_NAMES } from '../domain/error-reasons';

type Schema = oas31.SchemaObject;

/** The one error body every failed call answers with (the errorFormatter in server/trpc/init.ts). */
export const errorSchema: Schema = {
  type: 'object',
  description: 'Why the call failed. Branch on `data.reason`; `message` is for people and may change.',
  required: ['message', 'code', 'data'],
  properties: {
    message: { type: 'string', description: 'What went wrong, for people.' },
    code: { type: 'string', description: 'The tRPC error code, e.g. NOT_FOUND.' },
    issues: {
      type: 'array',
      description: 'For invalid input: each bad field (also in `data.issues`).',
      items: { type: 'object' },
    },
    data: {
      type: 'object',
      required: ['code', 'httpStatus', 'reason'],
      properties: {
        code: { type: 'string', description: 'The tRPC error code again.' },
        httpStatus: { type: 'integer', description: 'The HTTP status of the answer.' },
        path: { type: 'string', description: 'The procedure that answered.' },
        reason: {
          type: 'string',
          enum: ERROR_REASON_NAMES,
          description: ERROR_REASON_NAMES.map((name) => `- \`${name}\`: ${ERROR_REASONS[name].description}`).join('\n'),
        },
        issues: { type: 'array', items: { type: 'object' }, description: 'For invalid input: each bad field.' },
        paymentCode: { type: 'string', description: "The payment provider's own code for a refused payment." },
      },
    },
  },
};

const reasonsFor = (status: number) => ERROR_REASON_NAMES.filter((name) => ERROR_REASONS[name].status === status);

interface Response {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}

/** Every error answer of every operation is documented as the shared `Error` body, with the reasons of its status. */
export function applyErrors(paths: Record<string, Record<string, { responses?: Record<string, Response> }> | undefined>) {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item ?? {})) {
      // Every /api request passes the address check first (server/http/request-hygiene.ts), whatever its input.
      operation.responses ??= {};
      operation.responses['400'] ??= {
        description: 'Malformed request: an address that is not valid percent-encoded UTF-8, a NUL character, a bad Host header',
      } as Response;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const reasons = reasonsFor(Number(status));
        const schema = reasons.length
          ? {
              allOf: [
                { $ref: '#/components/schemas/Error' },
                { type: 'object', properties: { data: { type: 'object', properties: { reason: { enum: reasons } } } } },
              ],
            }
          : { $ref: '#/components/schemas/Error' };
        response.content = { 'application/json': { schema } };
      }
    }
  }
}
