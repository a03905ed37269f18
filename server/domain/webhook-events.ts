// The events a webhook endpoint may subscribe to, with what each tells (the admin's checkboxes and the API
// document say the same). Shared with the client, so no I/O here.

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.refunded',
  'contact.created',
  'commission.requested',
  'commission.accepted',
  'commission.updated',
  'review.created',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'order.created': 'A customer placed and paid for an order',
  'order.status_changed': 'An order was shipped, delivered, cancelled or refunded',
  'order.refunded': 'The owner refunded part or all of an order (a cancel or a whole refund too)',
  'contact.created': 'Someone sent a message through the contact form',
  'commission.requested': 'A buyer asked for a piece turned to order',
  'commission.accepted': 'A buyer accepted a quote and paid its deposit (the order of kind commission exists)',
  'commission.updated': 'The owner posted a build-log entry, marked the piece ready, or the buyer paid the balance',
  'review.created': 'A buyer reviewed a delivered item (pending until the owner approves it)',
};

/** A delivery's state: waiting for its next attempt, answered with a 2xx, or given up after the last attempt. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
