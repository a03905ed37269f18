import { describe, expect, it } from 'vitest';
import {
  emptyProductForm,
  parseGalleryImages,
  productToForm,
  toProductInput,
  validateProductForm,
  type ProductFormValues,
} from './product-form';

const filled: ProductFormValues = {
  ...emptyProductForm(),
  name: 'Cherry Bowl',
  description: 'Turned cherry.',
  price: '45.5',
  weight: 1.2,
  stockQuantity: '3',
  material: 'Cherry',
  finish: 'Oil',
  dimensions: '6" x 3"',
  imageUrl: '/images/products/cherry.svg',
  category: 'yarn-bowls',
};

describe('the product form', () => {
  it('starts with the defaults of docs/product.md: 1 in stock, in stock, not featured, no gallery', () => {
    expect(emptyProductForm()).toMatchObject({ stockQuantity: 1, inStock: true, featured: false, galleryImages: '' });
  });

  it('splits the gallery on commas with trimming; empty text is an empty list', () => {
    expect(parseGalleryImages(' /a.jpg ,https://x.example/b.png,, ')).toEqual(['/a.jpg', 'https://x.example/b.png']);
    expect(parseGalleryImages('')).toEqual([]);
    expect(parseGalleryImages('   ')).toEqual([]);
  });

  it('parses price and weight as decimals and stock as an integer on submit', () => {
    const input = toProductInput({ ...filled, price: '19.99', weight: '2.5', stockQuantity: '7', galleryImages: '/a.jpg, /b.jpg' });
    expect(input).toMatchObject({ price: 19.99, weight: 2.5, stockQuantity: 7, galleryImages: ['/a.jpg', '/b.jpg'] });
  });

  it('round-trips a product for editing', () => {
    const product = {
      ...toProductInput(filled),
      price: '45.50',
      weight: '1.20',
      galleryImages: ['/a.jpg', '/b.jpg'],
      inStock: false,
      featured: true,
      lowStockThreshold: 4,
      shippingSurcharge: null,
    };
    const form = productToForm(product);
    expect(form.galleryImages).toBe('/a.jpg, /b.jpg');
    expect(toProductInput(form)).toMatchObject({ price: 45.5, weight: 1.2, inStock: false, featured: true, lowStockThreshold: 4 });
    expect(toProductInput(form).shippingSurcharge).toBeNull();
  });

  it('keeps an oversize surcharge in dollars; blank is none, a bad one is named', () => {
    const form = productToForm({
      ...toProductInput(filled),
      price: '45.50',
      weight: '1.20',
      galleryImages: [],
      lowStockThreshold: 2,
      inStock: true,
      featured: false,
      shippingSurcharge: '25.00',
    });
    expect(form.shippingSurcharge).toBe('25.00');
    expect(toProductInput(form).shippingSurcharge).toBe(25);
    expect(toProductInput({ ...form, shippingSurcharge: '' }).shippingSurcharge).toBeNull();
    expect(validateProductForm({ ...filled, shippingSurcharge: -5 }).shippingSurcharge).toMatch(
      /^Oversize surcharge must be a number of 0 or more/,
    );
  });

  it('accepts a complete form', () => {
    expect(validateProductForm(filled)).toEqual({});
  });

  it('names each missing or bad field with the server’s message', () => {
    const errors = validateProductForm({ ...emptyProductForm(), stockQuantity: '', imageUrl: 'not a url' });
    expect(errors).toMatchObject({
      name: 'Name is required',
      description: 'Description is required',
      price: 'Price is required',
      weight: 'Weight is required',
      stockQuantity: 'Stock quantity is required',
      material: 'Material is required',
      finish: 'Finish is required',
      dimensions: 'Dimensions is required',
      imageUrl: 'Image URL must be a valid URL',
    });
    expect(errors.category).toBe('Category is required');
    expect(validateProductForm({ ...filled, category: 'chairs' }).category).toMatch(/^Category must be one of/);
    expect(validateProductForm({ ...filled, price: -1 }).price).toMatch(/0 or more/);
    expect(validateProductForm({ ...filled, galleryImages: 'nope' }).galleryImages).toBe('Each gallery image must be a valid URL');
  });
});
