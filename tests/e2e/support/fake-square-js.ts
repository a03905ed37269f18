// A fake of Square's Web Payments SDK for the browser, served by Playwright's page.route at Square's own
// addresses, so the checkout runs the code it runs against the real SDK: @square/web-sdk loads
// https://sandbox.web.squarecdn.com/v1/square.js, `Square.payments(appId, locationId).card()` attaches a frame from
// Square's CDN holding the card fields, and `tokenize()` has the frame send the card to Square's card-data host
// (pci-connect) and answer a one-time token. The token follows Square's Sandbox test values: a good card gives a
// fresh one-time token of the fake Payments API (FakeSquare.issueNonce); 4000 0000 0000 0002 gives cnon:card-nonce-declined, CVV 911 cnon:card-nonce-rejected-cvv, postal
// code 99999 cnon:card-nonce-rejected-postalcode (developer.squareup.com/docs/testing/test-values).
import type { Page } from '@playwright/test';
import type { FakeSquare } from '../../support/fake-square';

const CDN = 'https://sandbox.web.squarecdn.com';
const PCI_CONNECT = 'https://pci-connect.squareupsandbox.com';
export const CARD_FRAME_TITLE = 'Secure card payment input frame';

const SQUARE_JS = `(() => {
  const CDN = ${JSON.stringify(CDN)};
  class Card {
    constructor() {
      this.frame = null;
      this.pending = new Map();
      this.next = 0;
      window.addEventListener('message', (event) => {
        const data = event.data;
        if (event.origin !== CDN || !data || data.type !== 'sq-tokenized' || !this.pending.has(data.id)) return;
        this.pending.get(data.id)(data.result);
        this.pending.delete(data.id);
      });
    }
    async attach(target) {
      const element = typeof target === 'string' ? document.querySelector(target) : target;
      if (!element) throw new Error('PaymentMethodNotAttachableError');
      const frame = document.createElement('iframe');
      frame.src = CDN + '/v1/card-fields.html';
      frame.title = ${JSON.stringify(CARD_FRAME_TITLE)};
      frame.style.cssText = 'width:100%;height:206px;border:0;display:block';
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      element.appendChild(frame);
      await loaded;
      this.frame = frame;
    }
    tokenize(verificationDetails) {
      if (!this.frame) return Promise.reject(new Error('PaymentMethodNotAttachedError'));
      const id = ++this.next;
      return new Promise((resolve) => {
        this.pending.set(id, resolve);
        this.frame.contentWindow.postMessage({ type: 'sq-tokenize', id, verificationDetails }, CDN);
      });
    }
    async destroy() {
      if (this.frame) this.frame.remove();
      this.frame = null;
      return true;
    }
  }
  window.Square = {
    payments(applicationId, locationId) {
      if (!String(applicationId).startsWith('sandbox-sq0idb-')) throw new Error('InvalidApplicationIdError');
      if (!locationId) throw new Error('UnexpectedError: a location id is required');
      return { card: async () => new Card() };
    },
  };
})();`;

const CARD_FIELDS_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; }
  body { margin: 0; padding: 2px; font: 15px system-ui, sans-serif; color: #222; }
  .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 6px 8px; }
  label { display: flex; flex-direction: column; gap: 4px; }
  label.wide { grid-column: 1 / -1; }
  input { width: 100%; font: inherit; padding: 8px; border: 1px solid #8a8a8a; border-radius: 6px; }
</style></head><body><form class="grid" onsubmit="return false">
  <label class="wide">Card number<input id="number" inputmode="numeric" autocomplete="cc-number"></label>
  <label>MM/YY<input id="expiry" inputmode="numeric" autocomplete="cc-exp"></label>
  <label>CVV<input id="cvv" inputmode="numeric" autocomplete="cc-csc"></label>
  <label class="wide">Postal code<input id="postal" autocomplete="postal-code"></label>
</form><script>
  const value = (id) => document.getElementById(id).value.replace(/\\s/g, '');
  window.addEventListener('message', async (event) => {
    const data = event.data;
    if (!data || data.type !== 'sq-tokenize') return;
    const card = { number: value('number'), expiry: value('expiry'), cvv: value('cvv'), postal: value('postal') };
    const errors = [];
    if (!/^\\d{13,19}$/.test(card.number)) errors.push({ type: 'VALIDATION_ERROR', field: 'cardNumber', message: 'Card number is not valid' });
    if (!/^\\d{2}\\/?\\d{2}$/.test(card.expiry)) errors.push({ type: 'VALIDATION_ERROR', field: 'expirationDate', message: 'Expiration date is not valid' });
    if (!/^\\d{3,4}$/.test(card.cvv)) errors.push({ type: 'VALIDATION_ERROR', field: 'cvv', message: 'CVV is not valid' });
    if (!card.postal) errors.push({ type: 'VALIDATION_ERROR', field: 'postalCode', message: 'Postal code is not valid' });
    let result;
    if (errors.length > 0) {
      result = { status: 'Invalid', errors };
    } else {
      const response = await fetch(${JSON.stringify(PCI_CONNECT)} + '/v2/card-nonce', { method: 'POST', body: JSON.stringify(card) });
      const answer = await response.json();
      result = { status: 'OK', token: answer.card_nonce, details: { method: 'Card', card: { last4: card.number.slice(-4) } } };
    }
    event.source.postMessage({ type: 'sq-tokenized', id: data.id, result }, event.origin);
  });
</script></body></html>`;

/** The card data Square's card-data host received (to prove the card went there, and only there). */
export interface SquareCardSubmission {
  number: string;
  expiry: string;
  cvv: string;
  postal: string;
}

function nonceFor(card: SquareCardSubmission, square: FakeSquare): string {
  if (card.number === '4000000000000002') return 'cnon:card-nonce-declined';
  if (card.cvv === '911') return 'cnon:card-nonce-rejected-cvv';
  if (card.postal === '99999') return 'cnon:card-nonce-rejected-postalcode';
  return square.issueNonce();
}

/**
 * Serves the fake SDK at Square's addresses for this page; returns what reached Square's card-data host. A good
 * card's token is a one-time token of `square` (the fake Payments API), as Square's own are.
 */
export async function routeFakeSquareSdk(page: Page, square: FakeSquare): Promise<SquareCardSubmission[]> {
  const received: SquareCardSubmission[] = [];
  await page.route(`${CDN}/v1/square.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: SQUARE_JS }));
  await page.route(`${CDN}/v1/card-fields.html`, (route) => route.fulfill({ contentType: 'text/html', body: CARD_FIELDS_HTML }));
  await page.route(`${PCI_CONNECT}/v2/card-nonce`, (route) => {
    const card = JSON.parse(route.request().postData() ?? '{}') as SquareCardSubmission;
    received.push(card);
    return route.fulfill({
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': CDN },
      body: JSON.stringify({ card_nonce: nonceFor(card, square) }),
    });
  });
  return received;
}

/** The card fields in Square's frame on `page`. */
export const cardFields = (page: Page) => page.frameLocator(`iframe[title="${CARD_FRAME_TITLE}"]`);

/** Types a card into Square's fields: Square's Sandbox test card unless told (its test values are in the header). */
export async function typeCard(fields: ReturnType<Page['frameLocator']>, number = '4111 1111 1111 1111', cvv = '123') {
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('MM/YY').fill('12/38');
  await fields.getByLabel('CVV').fill(cvv);
  await fields.getByLabel('Postal code').fill('30601');
}
