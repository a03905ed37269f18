import type { Outputs } from './api-types';
import { ADDRESS, APPROVED_CARD, type JsonClient } from './fixtures';

// A commission's test data, sent through the API as the request page, the owner's quote form and the buyer's
// acceptance send them (issue 37), for the API and end-to-end tests of commissions.

/** A buyer's commission request as the request page sends it (issue 37); `photos` are urls the photo upload answered. */
export const COMMISSION_REQUEST = {
  name: 'Ada Turner',
  email: 'ada.commission@example.com',
  purpose: 'A salad bowl for my parents, from the walnut that fell in their yard',
  wood: 'own',
  size: 'About 12 inches across',
  budget: '250-500',
  neededBy: '2027-06-01',
  shipToState: 'GA',
  photos: [] as string[],
};

/** Sends a commission request; answers its id and the token of the buyer's page. */
export async function requestCommission(client: JsonClient, request: Partial<typeof COMMISSION_REQUEST> = {}) {
  const response = await client.post<Outputs['commissions']['request']>('/api/commissions', { ...COMMISSION_REQUEST, ...request });
  if (response.status !== 200) throw new Error(`commission request failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A quote the owner sends (admin `client`): one $280.00 line, 30% deposit, valid for a month. */
export async function quoteCommission(client: JsonClient, id: number, quote: Record<string, unknown> = {}) {
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const response = await client.post<Outputs['admin']['commissions']['quote']>(`/api/admin/commissions/${id}/quotes`, {
    lines: [{ description: 'Walnut salad bowl, 12 in.', price: '280.00' }],
    weight: 4,
    depositPercent: 30,
    leadTimeDays: 42,
    validUntil,
    ...quote,
  });
  if (response.status !== 200) throw new Error(`quote failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The buyer's acceptance of quote `version` paying `amount` with a sandbox card (its own token per tab). */
export function acceptBody(version: number, amount: string, sourceId = `cnon:commission-${Math.random().toString(36).slice(2)}`) {
  return {
    quoteVersion: version,
    amount,
    payment: { method: 'square', sourceId, cardData: APPROVED_CARD, billingZip: ADDRESS.zipCode },
    shippingAddress: ADDRESS,
    billingAddress: { address: ADDRESS.address, city: ADDRESS.city, state: ADDRESS.state, zipCode: ADDRESS.zipCode },
  };
}
