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
}

export type CartProduct = Omit<CartItem, 'quantity'>;

export type CartAction =
  | { type: 'add'; product: CartProduct }
  | { type: 'setQuantity'; id: number; quantity: number }
  | { type: 'remove'; id: number }
  | { type: 'clear' }
  | { type: 'load'; items: CartItem[] };

// docs/product.md section 4's rules, as a pure function.
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add': {
      const existing = items.find((item) => item.id === action.product.id);
      if (!existing) return [...items, { ...action.product, quantity: 1 }];
      return items.map((item) => (item.id === action.product.id ? { ...item, ...action.product, quantity: item.quantity + 1 } : item));
    }
    case 'setQuantity':
      if (action.quantity <= 0) return items.filter((item) => item.id !== action.id);
      return items.map((item) => (item.id === action.id ? { ...item, quantity: Math.floor(action.quantity) } : item));
    case 'remove':
      return items.filter((item) => item.id !== action.id);
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
