import { spawnSync } from 'node:child_process';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addSchemaFormats } from '../../tests/support/schema-formats';
import { CATEGORY_VALUES } from '../domain/categories';
import { ORDER_STATUSES } from '../domain/order-statuses';
import { CARRIERS } from '../domain/order-transitions';
import { STATE_CODES } from '../domain/states';
import { SUBJECT_VALUES } from '../domain/subjects';
import { API_TOKEN_SCOPES } from '../domain/api-token-scopes';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from '../domain/webhook-events';
import { CONTACT_STATUSES } from '../modules/contacts/contact.schema';
import { COMMISSION_BUDGET_VALUES, COMMISSION_STATUSES, COMMISSION_WOOD_VALUES } from '../domain/commissions';
import { ORDER_KINDS } from '../modules/orders/order.schema';
import { EMAIL_STATES } from '../modules/mail/emails.admin.router';
import { appRouter } from '../trpc/app-router';
import { openApiDocument } from './openapi';
import { inputOf, proceduresOf } from './procedures';

// The API document must stay one a script can be written from alone: every answer and body a named schema with
// its fields described and a whole example that fits it, every closed set spelled out from its source of truth,
// money as D2 says, every string a client sends bounded, and Redocly's rules passing. A change to a procedure
// that breaks any of these fails here, not in an integrator's generated client.

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  pattern?: string;
  description?: string;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
};
interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const document = JSON.parse(JSON.stringify(openApiDocument())) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const schemas = document.components.schemas;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, operation })),
);
const named = (schema: Schema | undefined) => schema?.$ref?.replace('#/components/schemas/', '');
const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(schemas[named(schema)!]!) : schema);

/** Every property of every component, as `Component.field`. */
const fields = Object.entries(schemas).flatMap(([component, schema]) =>
  Object.entries(schema.properties ?? {}).map(([field, property]) => ({ at: `${component}.${field}`, field, property })),
);

describe('the API document', () => {
  it('answers every operation with a named schema, or a list of one', () => {
    for (const { name, operation } of operations) {
      const success = operation.responses['200'] ?? operation.responses['201'];
      // The one answer that is not JSON: the orders as CSV.
      if (success?.content?.['text/csv']) continue;
      const schema = success?.content?.['application/json']?.schema;
      const answer = schema?.type === 'array' ? schema.items : schema;
      expect(schemas[named(answer) ?? ''], `${name}: ${JSON.stringify(schema)?.slice(0, 100)}`).toBeDefined();
    }
  });

  it('takes every JSON body as a named schema', () => {
    for (const { name, operation } of operations) {
      const body = operation.requestBody?.content['application/json']?.schema;
      if (body) expect(schemas[named(body) ?? ''], name).toBeDefined();
    }
  });

  it('describes every named schema, its fields and its parameters, with a whole example that fits', () => {
    const ajv = addSchemaFormats(new Ajv({ strict: false }));
    ajv.addSchema({ components: document.components }, 'doc');
    for (const [component, schema] of Object.entries(schemas)) {
      expect(schema.description, component).toBeTruthy();
      if (component === 'Error') continue;
      expect(schema.examples?.length, `${component} has an example`).toBeGreaterThan(0);
      const validate = ajv.compile({ $ref: `doc#/components/schemas/${component}` });
      for (const example of schema.examples!) expect(validate(example), `${component}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    for (const { at, property } of fields) {
      if (!at.startsWith('Error.')) expect(property.description ?? property.$ref, at).toBeTruthy();
    }
    for (const { name, operation } of operations) {
      for (const parameter of operation.parameters ?? []) expect(parameter.schema.description, `${name} ${parameter.name}`).toBeTruthy();
    }
  });

  it('spells out each closed set from its source of truth, and uses it wherever that set is meant', () => {
    const sets: Record<string, readonly string[]> = {
      Category: CATEGORY_VALUES,
      OrderStatus: ORDER_STATUSES,
      Carrier: CARRIERS,
      StateCode: STATE_CODES,
      ContactSubject: SUBJECT_VALUES,
      ContactStatus: CONTACT_STATUSES,
      EmailState: EMAIL_STATES,
      ApiTokenScope: API_TOKEN_SCOPES,
      WebhookEventType: WEBHOOK_EVENT_TYPES,
      WebhookDeliveryState: WEBHOOK_DELIVERY_STATES,
      OrderKind: ORDER_KINDS,
      CommissionStatus: COMMISSION_STATUSES,
      CommissionWood: COMMISSION_WOOD_VALUES,
      CommissionBudget: COMMISSION_BUDGET_VALUES,
    };
    for (const [component, values] of Object.entries(sets)) expect(schemas[component]?.enum, component).toEqual(values);
    // Fields whose values are open on purpose: a provider's own statuses, a free-text region, kinds of email.
    const open = new Set([
      'BillingAddress.state',
      'BillingAddressInput.state',
      'Payment.status',
      'PayPalOrder.status',
      'PayPalCapture.status',
      'EmailMessage.kind',
      'EmailMessage.subject',
      // Sent by docs/product.md's client and ignored: the server decides the status.
      'OrderDetails.status',
      'OrderInput.status',
    ]);
    const closed = /^(category|status|state|carrier|subject|paymentMethod|kind|form|sort|scope|eventType)$/;
    for (const { at, field, property } of fields) {
      if (!closed.test(field) || open.has(at) || at.startsWith('Error.')) continue;
      const values = (schema: Schema): boolean =>
        Boolean(
          resolve(schema).enum ??
          resolve(schema).const ??
          resolve(schema).anyOf?.every((member) => values(member) || member.type === 'null'),
        );
      expect(values(property), `${at} lists its values`).toBe(true);
    }
    for (const move of ['from', 'to']) expect(schemas.OrderStatusChange!.properties![move]!.$ref).toBe('#/components/schemas/OrderStatus');
  });

  it('states money as D2 fixes it: two-decimal strings on entities, numbers for the shipping and tax results', () => {
    const money = /^(price|subtotal|shipping|tax|total|lineTotal|revenue|monthlyRevenue|amount)$/;
    const inputs = new Set([
      'ShippingRequest',
      'TaxRequest',
      'OrderDetails',
      'OrderInput',
      'OrderItemInput',
      'CardPaymentRequest',
      'PayPalOrderRequest',
      'ProductInput',
      'CommissionQuoteLineInput',
      'CommissionQuoteInput',
      'CommissionAcceptInput',
      'CommissionBalanceInput',
      'OrderRefundInput',
    ]);
    for (const { at, field, property } of fields) {
      // Counts share some names (a page's total).
      if (!money.test(field) || property.type === 'integer') continue;
      if (inputs.has(at.split('.')[0]!)) {
        // What a client sends: a two-decimal string or a number.
        expect(JSON.stringify(property), at).toContain('"string"');
        continue;
      }
      // A day's money kept (D30) is below zero on a day that refunded more than it took.
      const pattern = at === 'SalesDay.revenue' ? '^-?\\d+\\.\\d{2}$' : '^\\d+\\.\\d{2}$';
      expect(property, at).toMatchObject({ type: 'string', pattern });
      expect(property.examples?.[0], at).toMatch(/^\d+\.\d{2}$/);
    }
    expect(schemas.ShippingCost!.properties!.shippingCost).toMatchObject({ type: 'number' });
    expect(schemas.TaxAmount!.properties!.taxAmount).toMatchObject({ type: 'number' });
  });

  it('names the page headers of every list that answers a page', () => {
    for (const { name, operation } of operations) {
      const query = new Set(
        (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      );
      const success = operation.responses['200'] as { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> };
      if (!query.has('page') || success.content?.['application/json']?.schema.type !== 'array') continue;
      expect(Object.keys(success.headers ?? {}), name).toEqual(['X-Total-Count', 'Link']);
    }
    for (const list of [
      '/products',
      '/products/featured',
      '/blog',
      '/admin/products',
      '/admin/low-stock',
      '/admin/tokens',
      '/webhook-endpoints',
    ]) {
      expect(
        document.paths[list]!.get!.parameters?.map((parameter) => parameter.name),
        list,
      ).toEqual(expect.arrayContaining(['page', 'pageSize']));
    }
  });

  it('passes Redocly recommended rules with no warning (npm run lint:api)', () => {
    const lint = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/lint-api.ts'], { encoding: 'utf8' });
    expect(`${lint.stdout}${lint.stderr}`).toContain('0 errors, 0 warnings');
    expect(lint.status).toBe(0);
  }, 60_000);
});

/** Every string without a length in a schema a client sends (zod's JSON schema of its input side), by where it is. */
function unboundedStrings(node: unknown, at: string): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const schema = node as Schema;
  const own = schema.type === 'string' && schema.maxLength === undefined && schema.enum === undefined && schema.const === undefined;
  return [...(own ? [at] : []), ...Object.entries(node).flatMap(([key, value]) => unboundedStrings(value, `${at}.${key}`))];
}

describe('every input, on /api and /trpc', () => {
  it('bounds every string a client sends with a length', () => {
    const unbounded = Object.entries(proceduresOf(appRouter)).flatMap(([name, procedure]) => {
      return unboundedStrings(z.toJSONSchema(inputOf(procedure), { io: 'input', unrepresentable: 'any' }), name);
    });
    expect(unbounded).toEqual([]);
    // The walk reaches them: the tax body's state is one, bounded by its values.
    expect(unboundedStrings({ $defs: { TaxRequest: { properties: { state: { type: 'string' } } } } }, 'tax')).toEqual([
      'tax.$defs.TaxRequest.properties.state',
    ]);
  });
});
