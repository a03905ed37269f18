import { CATEGORY_VALUES } from '../../../../server/domain/categories';
import { productInput, type ProductInput } from '../../../../server/domain/product-input';

// The product form of docs/product.md section 5, as plain functions so they are tested without a browser.

/** What the form holds: number fields as the inputs give them (a number, or '' when empty). */
export interface ProductFormValues {
  name: string;
  description: string;
  price: number | string;
  weight: number | string;
  stockQuantity: number | string;
  lowStockThreshold: number | string;
  /** Dollars, '' when the piece has none. */
  shippingSurcharge: number | string;
  material: string;
  finish: string;
  dimensions: string;
  imageUrl: string;
  /** Comma-separated image URLs. */
  galleryImages: string;
  category: string;
  inStock: boolean;
  featured: boolean;
}

/** A new product: in stock, 1 piece, not featured (docs/product.md section 3). */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    description: '',
    price: '',
    weight: '',
    stockQuantity: 1,
    lowStockThreshold: 2,
    shippingSurcharge: '',
    material: '',
    finish: '',
    dimensions: '',
    imageUrl: '',
    galleryImages: '',
    category: '',
    inStock: true,
    featured: false,
  };
}

export function productToForm(product: {
  name: string;
  description: string;
  price: string;
  weight: string;
  stockQuantity: number;
  lowStockThreshold: number;
  shippingSurcharge: string | null;
  material: string;
  finish: string;
  dimensions: string;
  imageUrl: string;
  galleryImages: string[];
  category: string;
  inStock: boolean;
  featured: boolean;
}): ProductFormValues {
  return { ...product, shippingSurcharge: product.shippingSurcharge ?? '', galleryImages: product.galleryImages.join(', ') };
}

/** 'a.jpg, b.jpg ,' -> ['a.jpg', 'b.jpg']; empty text -> []. */
export function parseGalleryImages(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const isBlank = (value: number | string) => typeof value === 'string' && value.trim() === '';

/**
 * On submit: price and weight parsed as decimals, stock as an integer; blank stays missing so it reads 'required'.
 * A blank oversize surcharge is none (null).
 */
export function toProductInput(values: ProductFormValues): ProductInput {
  return {
    name: values.name,
    description: values.description,
    price: (isBlank(values.price) ? undefined : parseFloat(String(values.price))) as number,
    weight: (isBlank(values.weight) ? undefined : parseFloat(String(values.weight))) as number,
    stockQuantity: (isBlank(values.stockQuantity) ? undefined : parseInt(String(values.stockQuantity), 10)) as number,
    lowStockThreshold: isBlank(values.lowStockThreshold) ? 2 : parseInt(String(values.lowStockThreshold), 10),
    shippingSurcharge: isBlank(values.shippingSurcharge) ? null : parseFloat(String(values.shippingSurcharge)),
    material: values.material,
    finish: values.finish,
    dimensions: values.dimensions,
    imageUrl: values.imageUrl,
    galleryImages: parseGalleryImages(values.galleryImages),
    category: values.category as (typeof CATEGORY_VALUES)[number],
    inStock: values.inStock,
    featured: values.featured,
  };
}

/** The server's own rules, run in the browser first: field name -> message. */
export function validateProductForm(values: ProductFormValues): Record<string, string> {
  const result = productInput.safeParse(toProductInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
