import { namedInput } from '../../contract/wire-schemas';
import { variantsInput } from '../../domain/variant-input';

/** What the owner sends to replace a product's options and variants (PUT /api/products/{id}/variants, D38). */
export const variantsInputBody = namedInput(
  variantsInput,
  'ProductVariantsInput',
  "A product's options and variants as the owner writes them, replacing the ones it had. Each variant names one value of every option; no options and no variants make it a product without options again. Money and weight may be a JSON number or a decimal string.",
  {
    options: [
      { name: 'Wood', values: ['Walnut', 'Cherry'] },
      { name: 'Size', values: ['Small', 'Large'] },
    ],
    variants: [
      { options: ['Walnut', 'Small'], price: '58.00', stockQuantity: 3, weight: '1.10', sku: 'YB-WAL-S', enabled: true },
      { options: ['Walnut', 'Large'], price: '78.00', stockQuantity: 2, weight: '1.60', sku: 'YB-WAL-L', enabled: true },
      { options: ['Cherry', 'Small'], price: '54.00', stockQuantity: 4, weight: '1.05', sku: 'YB-CHE-S', enabled: true },
      { id: 31, options: ['Cherry', 'Large'], price: '74.00', stockQuantity: 0, weight: '1.55', sku: null, imageUrl: null, enabled: false },
    ],
  },
);
