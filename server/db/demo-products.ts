import { bowlsAndBoards } from './demo-products-bowls-boards';
import { spinnersAndAccessories } from './demo-products-spinners-accessories';
import type { DemoProduct } from './seed-data';

// The demo catalogue, in the order the products are added (the last is the newest).
export const demoProducts: DemoProduct[] = [...bowlsAndBoards, ...spinnersAndAccessories];

// The demo's products with options and variants (D38), seeded after the others (see seed.ts).
export { variantProducts } from './demo-products-variants';
