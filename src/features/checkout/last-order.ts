// docs/product.md section 4: after a successful order the last order id is stored locally, and the confirmation page
// uses it once (when the URL has no orderId) and then removes it.
export const LAST_ORDER_KEY = 'turnery-last-order-id';

export function storeLastOrderId(id: number) {
  try {
    localStorage.setItem(LAST_ORDER_KEY, String(id));
  } catch {
    // Storage refused (private mode): the confirmation URL carries the id anyway.
  }
}

/** The stored id, removed as it is read; null when there is none or it is not an id. */
export function takeLastOrderId(): number | null {
  try {
    const text = localStorage.getItem(LAST_ORDER_KEY);
    localStorage.removeItem(LAST_ORDER_KEY);
    const id = Number(text);
    return text && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
