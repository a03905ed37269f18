import { ERROR_REASONS, type ErrorReason } from '../domain/error-reasons';

// What each operation of the REST mirror may fail with beyond what every operation shares (a malformed request,
// bad input, a missing sign-in): the reasons its procedure and the services behind it throw. One table, read by
// the API document (openapi.ts); tests/support/contract.ts fails any API test that receives a status an operation
// does not document, so this table cannot fall behind the code unnoticed.
const FAILURES: Record<string, ErrorReason[]> = {
  'POST /admin/login': ['RATE_LIMITED'],
  'POST /admin/password': ['RATE_LIMITED'],
  'DELETE /admin/tokens/{id}': ['NOT_FOUND'],
  'POST /checkout/quote': [
    'VARIANT_REQUIRED',
    'VARIANT_UNKNOWN',
    'STATE_NOT_SERVED',
    'DISCOUNT_UNKNOWN',
    'DISCOUNT_EXPIRED',
    'DISCOUNT_USED_UP',
    'DISCOUNT_MINIMUM',
  ],
  'POST /orders': [
    'RATE_LIMITED',
    'PRICE_CHANGED',
    'STATE_NOT_SERVED',
    'VARIANT_REQUIRED',
    'VARIANT_UNKNOWN',
    'DISCOUNT_UNKNOWN',
    'DISCOUNT_EXPIRED',
    'DISCOUNT_USED_UP',
    'DISCOUNT_MINIMUM',
    'PAYMENT_UNKNOWN',
    'PAYMENT_NOT_VERIFIED',
    'PAYMENT_REPLAYED',
    'PAYMENT_WRONG_PURPOSE',
    'OUT_OF_STOCK',
    'PRODUCT_UNAVAILABLE',
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'SERVICE_UNAVAILABLE',
  ],
  'GET /orders/{id}': ['NOT_FOUND'],
  'GET /order-links/{token}': ['NOT_FOUND'],
  'GET /admin/orders/{id}': ['NOT_FOUND'],
  'GET /admin/orders/{id}/history': ['NOT_FOUND'],
  'PATCH /orders/{id}/status': [
    'NOT_FOUND',
    'INVALID_TRANSITION',
    'COMMISSION_ORDER',
    'CONFLICT',
    'IDEMPOTENCY_KEY_REUSED',
    'IDEMPOTENCY_KEY_IN_USE',
    'PAYMENT_PROVIDER_UNAVAILABLE',
  ],
  'POST /orders/{id}/refunds': ['NOT_FOUND', 'REFUND_TOO_LARGE', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'],
  'GET /admin/orders/{id}/refunds': ['NOT_FOUND'],
  'POST /commissions': ['RATE_LIMITED', 'STATE_NOT_SERVED'],
  'POST /shipping/calculate': ['STATE_NOT_SERVED'],
  'POST /tax/calculate': ['STATE_NOT_SERVED'],
  'GET /commissions/{token}': ['NOT_FOUND'],
  'POST /commissions/{token}/accept': [
    'RATE_LIMITED',
    'NOT_FOUND',
    'INVALID_TRANSITION',
    'QUOTE_EXPIRED',
    'QUOTE_REPLACED',
    'ALREADY_PAID',
    'PAYMENT_IN_PROGRESS',
    'PAYMENT_DECLINED',
    'PAYMENT_UNKNOWN',
    'PAYMENT_NOT_VERIFIED',
    'PAYMENT_REPLAYED',
    'PAYMENT_WRONG_PURPOSE',
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'SERVICE_UNAVAILABLE',
  ],
  'POST /commissions/{token}/balance': [
    'RATE_LIMITED',
    'NOT_FOUND',
    'INVALID_TRANSITION',
    'ALREADY_PAID',
    'PAYMENT_IN_PROGRESS',
    'CONFLICT',
    'PAYMENT_DECLINED',
    'PAYMENT_UNKNOWN',
    'PAYMENT_NOT_VERIFIED',
    'PAYMENT_REPLAYED',
    'PAYMENT_WRONG_PURPOSE',
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'SERVICE_UNAVAILABLE',
  ],
  'GET /admin/commissions/{id}': ['NOT_FOUND'],
  'POST /admin/commissions/{id}/quotes': ['NOT_FOUND', 'INVALID_TRANSITION', 'VARIANT_REQUIRED', 'VARIANT_UNKNOWN'],
  'POST /admin/commissions/{id}/updates': ['NOT_FOUND', 'INVALID_TRANSITION'],
  'PATCH /admin/commissions/{id}': [
    'NOT_FOUND',
    'INVALID_TRANSITION',
    'CONFLICT',
    'IDEMPOTENCY_KEY_REUSED',
    'IDEMPOTENCY_KEY_IN_USE',
    'PAYMENT_PROVIDER_UNAVAILABLE',
  ],
  'POST /blog': ['CONFLICT'],
  'PUT /blog/{id}': ['NOT_FOUND', 'CONFLICT'],
  'DELETE /blog/{id}': ['NOT_FOUND'],
  'GET /blog/{id}': ['NOT_FOUND'],
  'GET /pages/{slug}': ['NOT_FOUND'],
  'PUT /admin/pages/{slug}': ['NOT_FOUND'],
  'POST /admin/pages/{slug}/preview': ['NOT_FOUND'],
  'POST /contact': ['RATE_LIMITED'],
  'GET /products/{productId}/reviews': ['NOT_FOUND'],
  'GET /reviews/request': ['REVIEW_LINK_INVALID'],
  'POST /reviews': ['RATE_LIMITED', 'REVIEW_LINK_INVALID', 'REVIEW_EXISTS'],
  'PATCH /admin/reviews/{id}': ['NOT_FOUND'],
  'POST /admin/discounts': ['CONFLICT'],
  'PATCH /admin/discounts/{id}': ['NOT_FOUND', 'CONFLICT'],
  'DELETE /admin/discounts/{id}': ['NOT_FOUND'],
  'PATCH /contacts/{id}': ['NOT_FOUND'],
  'POST /newsletter/subscribe': ['RATE_LIMITED'],
  'POST /emails/{id}/retry': ['NOT_FOUND', 'CONFLICT'],
  'PATCH /webhook-endpoints/{id}': ['NOT_FOUND'],
  'DELETE /webhook-endpoints/{id}': ['NOT_FOUND'],
  'GET /webhook-endpoints/{id}/secret': ['NOT_FOUND', 'FORBIDDEN'],
  'POST /webhook-endpoints/{id}/rotate-secret': ['NOT_FOUND'],
  'POST /webhook-deliveries/{id}/resend': ['NOT_FOUND', 'CONFLICT'],
  'GET /health': ['SERVICE_UNAVAILABLE'],
  'GET /health/ready': ['SERVICE_UNAVAILABLE'],
  'GET /products/{id}': ['NOT_FOUND'],
  'PUT /products/{id}': ['NOT_FOUND'],
  'DELETE /products/{id}': ['NOT_FOUND'],
  'PUT /products/{id}/variants': ['NOT_FOUND', 'VARIANT_UNKNOWN'],
  'POST /square/process-payment': ['PAYMENT_DECLINED', 'PAYMENT_PROVIDER_UNAVAILABLE', 'RATE_LIMITED'],
  'POST /paypal/order': ['RATE_LIMITED', 'PAYMENT_PROVIDER_UNAVAILABLE'],
  'POST /paypal/order/{id}/capture': [
    'RATE_LIMITED',
    'NOT_FOUND',
    'PAYMENT_WRONG_PURPOSE',
    'PAYMENT_DECLINED',
    'PAYMENT_PROVIDER_UNAVAILABLE',
  ],
  'POST /paypal/order/{id}/complete': [
    'RATE_LIMITED',
    'NOT_FOUND',
    'PAYMENT_DECLINED',
    'PAYMENT_UNKNOWN',
    'PAYMENT_NOT_VERIFIED',
    'PAYMENT_REPLAYED',
    'PAYMENT_WRONG_PURPOSE',
    'OUT_OF_STOCK',
    'PRODUCT_UNAVAILABLE',
    'VARIANT_REQUIRED',
    'VARIANT_UNKNOWN',
    'DISCOUNT_UNKNOWN',
    'DISCOUNT_EXPIRED',
    'DISCOUNT_USED_UP',
    'DISCOUNT_MINIMUM',
    'PAYMENT_PROVIDER_UNAVAILABLE',
  ],
};

/** Operations that never read the database (pure calculations, settings, liveness): no 503 for its absence. */
const WITHOUT_DATABASE = new Set(['GET /health/live', 'GET /shop/info', 'GET /payments/card-form']);

const WITH_BODY = new Set(['post', 'put', 'patch']);

interface Operation {
  responses?: Record<string, { description?: string }>;
}

/**
 * Adds to each operation the statuses it may answer: its own failures (above), 413 and 415 when it takes a body,
 * and 503 when it needs the database. Descriptions list the reasons (`data.reason`) of each status.
 */
export function documentOperationFailures(paths: Record<string, Record<string, Operation> | undefined>) {
  const unused = new Set(Object.keys(FAILURES));
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations ?? {})) {
      const key = `${method.toUpperCase()} ${path}`;
      unused.delete(key);
      // Every operation may refuse its input (a bad field, an unknown query parameter) or an unreadable request.
      const reasons: ErrorReason[] = ['VALIDATION_FAILED', 'MALFORMED_REQUEST', ...(FAILURES[key] ?? [])];
      if (WITH_BODY.has(method)) reasons.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
      if (!WITHOUT_DATABASE.has(key)) reasons.push('DATABASE_UNAVAILABLE');
      operation.responses ??= {};
      for (const reason of reasons) {
        const status = String(ERROR_REASONS[reason].status);
        const line = `${reason}: ${ERROR_REASONS[reason].description}`;
        // A copy: the generator shares one response object between operations, and this description is this one's.
        const response = (operation.responses[status] = { ...operation.responses[status] });
        if (!response.description?.includes(reason))
          response.description = response.description ? `${response.description}\n\n${line}` : line;
      }
    }
  }
  if (unused.size > 0) throw new Error(`operation-failures.ts names operations the API does not have: ${[...unused].join(', ')}`);
}
