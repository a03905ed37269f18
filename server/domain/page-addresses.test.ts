import { describe, expect, it } from 'vitest';
import { CLIENT_SECTIONS, findPage } from './page-addresses';
import { PAGES } from './pages';

describe('the pages of the shop', () => {
  it('finds the page at an address, with its parameter as written', () => {
    expect(findPage('/')?.page.file).toBe('home');
    expect(findPage('/shop/')?.page.file).toBe('shop');
    expect(findPage('/product/12')).toMatchObject({ page: { file: 'product' }, params: ['12'] });
    expect(findPage('/blog/a%20post')).toMatchObject({ page: { file: 'blog-post' }, params: ['a%20post'] });
    // An admin section, and one commission's page before the sections' parameter.
    expect(findPage('/admin/orders')?.page.file).toBe('admin-section');
    expect(findPage('/admin/commissions/12')).toMatchObject({ page: { file: 'admin-commission' }, params: ['12'] });
    expect(findPage('//')).toBeUndefined();
    expect(findPage('/product/12/reviews')).toBeUndefined();
  });

  it("leaves to the browser the sections of one visitor's pages, and no storefront page is in one", () => {
    expect(CLIENT_SECTIONS).toEqual([
      'admin',
      'admin-login',
      'checkout',
      'order-confirmation',
      'orders',
      'commissions',
      'review',
      'newsletter',
    ]);
    const storefront = PAGES.filter((page) => page.render === 'server');
    for (const page of storefront) expect(CLIENT_SECTIONS).not.toContain(page.path.split('/')[1]);
  });
});
