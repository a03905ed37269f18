import { WEBHOOKS_GUIDE } from './webhooks-guide';

// The API document's introduction (info.description, Markdown), shown at the top of /api/docs.
export const API_INTRODUCTION = `The REST mirror of the Turnery shop. Every path runs the same procedure as the shop's own pages, so
a script sees the same prices, stock and rules as a customer.

## Authentication

Public operations (the catalogue, the blog, shipping, tax and quotes, placing and reading one's own order) need
nothing. Operations marked with a lock belong to the shop's owner: sign in with \`POST /api/admin/login\` and
\`{"password": "..."}\`, then send the \`turnery.sid\` cookie it sets with each call (\`POST /api/admin/logout\`
ends the session on every instance). A write sent by a browser from another site is refused with 403.

A script may use an API token instead: the owner creates one in the admin's API tokens tab, and the script sends it
as \`Authorization: Bearer tny_...\` with no cookie. A read-only token may call GET operations only (a write is 403); an
unknown, expired or revoked token is 401; each token has a rate limit (429 with \`Retry-After\`). Tokens work on
\`/api\` only, and never manage tokens or the owner's account.

## Errors

Every failure answers one body, \`Error\`: \`{"message", "code", "data": {"reason", "httpStatus", ...}}\`. Branch on
\`data.reason\`, which is stable (the message is for people and may change): \`VALIDATION_FAILED\` lists each bad
field in \`data.issues\`; \`OUT_OF_STOCK\`, \`PRICE_CHANGED\`, \`PAYMENT_DECLINED\` (with the provider's
\`data.paymentCode\`), \`PAYMENT_REPLAYED\`, \`INVALID_TRANSITION\` (with \`data.allowed\`), \`RATE_LIMITED\` (with a
\`Retry-After\` header), \`NOT_FOUND\` and the others each operation lists under its statuses. A query parameter an
operation does not list is refused (\`VALIDATION_FAILED\`, naming it), never ignored; text that is not UTF-8 is
\`MALFORMED_REQUEST\`.

## Money and dates

Amounts in answers are US dollars as strings with two decimals (\`"42.00"\`), except the results of
\`/shipping/calculate\` and \`/tax/calculate\`, which are JSON numbers (\`{"taxAmount": 1.8}\`). Amounts sent may be
either form. Dates are ISO 8601 strings in UTC. Every body and answer is a named schema (components.schemas), with
an example.

## Lists

\`GET /api/orders\`, \`/api/contacts\` and \`/api/blog/all\` answer a page at a time: \`?page=1&pageSize=50\` (at most
200), with the total in \`X-Total-Count\` and the next page's address in the \`Link\` header (\`rel="next"\`). The
other lists (\`/api/products\`, \`/api/blog\`, ...) answer whole, or one page in the same way when \`page\` or
\`pageSize\` is given.

## Webhooks

${WEBHOOKS_GUIDE}
## A typed client

Generate types from this document and call the API with them:

\`\`\`sh
npx openapi-typescript https://your-shop.example/api/openapi.json -o turnery.d.ts
\`\`\`

\`\`\`ts
import createClient from 'openapi-fetch';
import type { paths } from './turnery';

const api = createClient<paths>({ baseUrl: 'https://your-shop.example/api' });
const { data: bowls, error } = await api.GET('/products', { params: { query: { search: 'bowl' } } });
if (error) throw new Error(error.data.reason);
\`\`\`
`;
