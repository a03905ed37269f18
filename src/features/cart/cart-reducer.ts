import { lineCents, sumCents } from '../../../server/domain/money';

/** docs/product.md section 3: a cart item carries the product's fields plus quantity. */
export interface CartItem {
  id: number;
  name: string;
  price: string;
  imageUrl: string;
  weight: string;
  quantity: number;
  /** The stock shown when the item was added, so the cart can refuse more than there is. */
  stockQuantity?: number;
  /** D38: the variant of a product with options (its price, weight, picture and stock are the variant's). */
  variantId?: number;
  /** The variant's title, 'Walnut / Large', shown under the name. */
  variant?: string;
}

export type CartProduct = Omit<CartItem, 'quantity'>;

/** Which line: a product, or one variant of a product with options (two variants of one product are two lines). */
export type CartLineRef = Pick<CartItem, 'id' | 'variantId'>;

export const sameLine = (a: CartLineRef, b: CartLineRef) => a.id === b.id && a.variantId === b.variantId;

/** A line's key among the cart's lines: the product's id, with the variant's after it for a variant. */
export const lineKey = (line: CartLineRef) => (line.variantId === undefined ? String(line.id) : `${line.id}-${line.variantId}`);

export type CartAction =
  | { type: 'add'; product: CartProduct }
  | { type: 'setQuantity'; line: CartLineRef; quantity: number }
  | { type: 'remove'; line: CartLineRef }
  | { type: 'clear' }
  | { type: 'load'; items: CartItem[] };

// docs/product.md section 4's rules, as a pure function.
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add': {
      const existing = items.find((item) => sameLine(item, action.product));
      if (!existing) return [...items, { ...action.product, quantity: 1 }];
      return items.map((item) => (item === existing ? { ...item, ...action.product, quantity: item.quantity + 1 } : item));
    }
    case 'setQuantity':
      if (action.quantity <= 0) return items.filter((item) => !sameLine(item, action.line));
      return items.map((item) => (sameLine(item, action.line) ? { ...item, quantity: Math.floor(action.quantity) } : item));
    case 'remove':
      return items.filter((item) => !sameLine(item, action.line));
    case 'clear':
      return [];
    case 'load':
      return action.items;
  }
}

/** The cart's total in cents: the sum of price x quantity. */
export function cartTotalCents(items: readonly CartItem[]): number {
  return sumCents(items.map((item) => lineCents(item.price, item.quantity)));
}

export function cartQuantity(items: readonly CartItem[]): number {
  return items.reduce((total, item) => total + item.quantity, 0);
}
