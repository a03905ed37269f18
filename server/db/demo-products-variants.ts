import type { VariantsInput } from '../domain/variant-input';
import { image } from './demo-images';
import type { DemoProduct } from './seed-data';

/**
 * A demo product with options and variants (D38): its price, stock and in-stock are its variants' summary, which the
 * database works out (the trigger of migration 20261201100000), so they are not written here.
 */
export type DemoVariantProduct = Omit<DemoProduct, 'price' | 'stockQuantity' | 'inStock'> & VariantsInput;

export const variantProducts: DemoVariantProduct[] = [
  {
    name: 'Yarn Bowl in Three Woods',
    description:
      'Our most asked-for yarn bowl, turned to one pattern in three woods: black walnut, dark and even; black cherry, which warms to a deep red over its first year; and hard maple, pale and bright. Each has the hand-cut swirl slot and a heavy base that stays put while you knit. The maple ones are sold out until the next blanks are dry.',
    imageUrl: image('walnut-yarn-bowl-swirl-slot'),
    galleryImages: [image('walnut-yarn-bowl-swirl-slot'), image('cherry-yarn-bowl'), image('spalted-maple-yarn-bowl')],
    category: 'yarn-bowls',
    dimensions: '6.5" diameter x 4" tall',
    weight: '1.35',
    material: 'Black walnut, black cherry or hard maple',
    finish: 'Walnut oil and beeswax',
    featured: false,
    options: [{ name: 'Wood', values: ['Walnut', 'Cherry', 'Maple'] }],
    variants: [
      {
        options: ['Walnut'],
        price: '68.00',
        stockQuantity: 3,
        weight: '1.35',
        sku: 'YB3-WALNUT',
        imageUrl: image('walnut-yarn-bowl-swirl-slot'),
      },
      { options: ['Cherry'], price: '62.00', stockQuantity: 2, weight: '1.20', sku: 'YB3-CHERRY', imageUrl: image('cherry-yarn-bowl') },
      {
        options: ['Maple'],
        price: '56.00',
        stockQuantity: 0,
        weight: '1.30',
        sku: 'YB3-MAPLE',
        imageUrl: image('spalted-maple-yarn-bowl'),
      },
    ],
  },
  {
    name: 'Hard Maple Cutting Board, Two Sizes',
    description:
      'An edge-grain board of hard maple, the wood butchers have trusted for a century: dense enough to shrug off a chef knife, gentle on its edge. The small one is for a bagel, a lemon or a wedge of cheese; the large one takes a whole chicken. Both have rounded edges and rubber feet, and come oiled and ready to use.',
    imageUrl: image('end-grain-maple-butcher-block'),
    galleryImages: [],
    category: 'cutting-boards',
    dimensions: 'Small 12" x 8" x 1"; large 18" x 12" x 1.25"',
    weight: '2.10',
    material: 'Hard maple',
    finish: 'Food-safe mineral oil and beeswax',
    featured: false,
    options: [{ name: 'Size', values: ['Small', 'Large'] }],
    variants: [
      { options: ['Small'], price: '48.00', stockQuantity: 5, weight: '2.10', sku: 'HMB-SMALL' },
      { options: ['Large'], price: '86.00', stockQuantity: 2, weight: '4.60', sku: 'HMB-LARGE' },
    ],
  },
];
