// The webhooks section of the API document's introduction, word for word docs/api.md's "Webhooks" section (a test
// holds the two together, and holds the code to docs/examples/verify-webhook.mjs, which the tests' receiver runs).
export const WEBHOOKS_GUIDE = `The owner registers endpoints in the admin's Webhooks tab, or a script with \`POST /api/webhook-endpoints\`
\`{"url", "events", "enabled"}\`. There are four events: \`order.created\` (an order was placed and paid),
\`order.status_changed\` (an order was shipped, delivered, cancelled or refunded; \`data.previousAttributes.status\` is
the status it had), \`order.refunded\` (the owner refunded part or all of an order, a cancel too: \`data.object\` is
the refund as \`GET /api/admin/orders/{id}/refunds\` lists it, \`data.refundedTotal\` what the order's refunds took
in all and \`data.refundable\` what is left) and \`contact.created\` (a message came through the contact form).
Commissions add \`commission.requested\` (a buyer asked for a piece turned to order), \`commission.accepted\` (a quote
was accepted and its deposit paid: the order of kind \`commission\` exists) and \`commission.updated\` (a build-log entry,
the piece ready, the balance paid, a cancel), each with the commission as \`GET /api/commissions/{token}\` shows it. Reviews add \`review.created\` (a buyer reviewed a delivered item; it waits for the owner's
approval), with the review as \`GET /api/admin/reviews\` lists it. Each one is POSTed as JSON to
every enabled endpoint subscribed to its type, with the resource as the REST API shows it (an order as
\`GET /api/orders/{id}\` answers, a message as \`GET /api/contacts\` lists it). For example (spaced out here, the order cut short):

\`\`\`json
{
  "id": "evt_5f0c2a9be81d4c7a3b6e1f02",
  "type": "order.created",
  "created": "2026-11-25T14:03:07.512Z",
  "data": { "object": { "id": 42, "status": "completed", "total": "47.79" } }
}
\`\`\`

Each request carries \`Turnery-Event-Id\`, \`Turnery-Event-Type\` and \`Turnery-Signature: t=<unix seconds>,v1=<hex>\`,
where \`v1\` is the HMAC-SHA256 of \`<t>.<raw body>\` keyed with the endpoint's signing secret (\`whsec_...\`, shown when
the endpoint is added, then by Reveal in the tab or \`GET /api/webhook-endpoints/{id}/secret\`, which a read-only API
token may not call). After a rotation
(\`POST /api/webhook-endpoints/{id}/rotate-secret\` \`{"keepOldSecretHours": 24}\`) the old secret signs too until it
expires: the header then carries two \`v1\` values, and one that matches is enough.

Answer with any 2xx within 10 seconds. Any other status, a timeout or a refused connection is tried again after 1,
2, 4 ... 256 minutes (10 attempts over about 8.5 hours); after the last one the delivery is marked failed, and the
owner can send it again (\`POST /api/webhook-deliveries/{id}/resend\`). Every attempt sends the same event: the same
\`id\`, the same bytes. A delivery answered with a 2xx is never sent again by the queue, but an event can still arrive
twice (the owner's Send again, or your answer lost on the way), so remember the ids you have handled and skip a
repeat. Events may arrive out of order: compare \`created\`, or read the resource, when order matters. Redirects are
not followed. \`GET /api/webhook-deliveries?endpointId=&state=&page=&pageSize=\` lists what was sent, newest first.
An event and its deliveries are kept 30 days, then forgotten once none of its deliveries is still being tried.

Check every delivery before trusting it: on the raw body (before any JSON parsing), in constant time, and refuse a
timestamp more than 5 minutes away from now (a replayed delivery). In Node:

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

/** True when \`rawBody\` (the request's bytes, before any JSON parsing) was signed by Turnery with \`secret\` in the last 5 minutes. */
export function verifyTurneryWebhook(rawBody, signatureHeader, secret, nowMs = Date.now()) {
  const fields = String(signatureHeader ?? '')
    .split(',')
    .map((field) => field.trim().split('='));
  const t = Number(fields.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return fields.some(([key, hex]) => {
    const given = Buffer.from(key === 'v1' ? (hex ?? '') : '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
\`\`\`

With express, for example:

\`\`\`js
app.post('/turnery-webhooks', express.raw({ type: 'application/json' }), (req, res) => {
  if (!verifyTurneryWebhook(req.body, req.get('Turnery-Signature'), process.env.TURNERY_WEBHOOK_SECRET)) return res.sendStatus(400);
  const event = JSON.parse(req.body.toString('utf8'));
  // ...act on event.type, once per event.id...
  res.sendStatus(204);
});
\`\`\`

In production the shop sends only to \`https://\` addresses. In every mode it refuses internal addresses (loopback,
private, link-local, and the ranges that reach them: NAT64, 6to4, benchmarking, IETF and reserved), unless
\`WEBHOOK_ALLOW_INTERNAL_ADDRESSES=true\`: checked when an endpoint is saved, and again, after the DNS lookup (or on the
address itself when the URL names one), each time a delivery connects.
`;
