// The demo catalogue and blog that a fresh install starts with (see seed.ts).
// Every image is an SVG shipped in public/images, so the demo needs no network (docs/decisions.md D21).

export interface DemoProduct {
  name: string;
  description: string;
  price: string; // two decimals, e.g. '45.00'
  imageUrl: string; // '/images/products/<slug>.svg'
  galleryImages: string[]; // [] or the main image first, then the extra views
  inStock: boolean;
  stockQuantity: number;
  category: 'yarn-bowls' | 'cutting-boards' | 'swirlettes' | 'accessories';
  dimensions: string;
  weight: string; // pounds, decimal string
  material: string;
  finish: string;
  featured: boolean;
}

export interface DemoPost {
  title: string;
  slug: string;
  excerpt: string;
  content: string; // Markdown
  imageUrl: string; // '/images/blog/<slug>.svg'
  published: boolean;
  publishedAt: string | null; // ISO date; null for a draft
}

export { demoProducts, variantProducts } from './demo-products';
export { demoPosts } from './demo-posts';
