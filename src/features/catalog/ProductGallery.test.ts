import { describe, expect, it } from 'vitest';
import { productImages } from './ProductGallery';

describe('productImages', () => {
  it('puts the main image first and lists each image once', () => {
    expect(productImages({ imageUrl: '/images/a.svg', galleryImages: ['/images/a.svg', '/images/b.svg'] })).toEqual([
      '/images/a.svg',
      '/images/b.svg',
    ]);
    expect(productImages({ imageUrl: '/x.svg', galleryImages: [] })).toEqual(['/x.svg']);
  });
});
