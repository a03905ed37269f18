import { describe, expect, it } from 'vitest';
import { loginSearch, returnPath } from './return-to';

describe('signing in returns to the asked admin page', () => {
  it("names the asked page in the login page's query, except the dashboard itself", () => {
    expect(loginSearch('/admin')).toEqual({});
    expect(loginSearch('/admin/orders')).toEqual({ next: '/admin/orders' });
    expect(loginSearch('/admin/commissions/12')).toEqual({ next: '/admin/commissions/12' });
  });

  it('opens the asked admin page, and the dashboard for anything else', () => {
    expect(returnPath('?next=%2Fadmin%2Forders')).toBe('/admin/orders');
    expect(returnPath('?next=/admin/commissions/12')).toBe('/admin/commissions/12');
    expect(returnPath('')).toBe('/admin');
    for (const next of ['https://evil.example/admin', '//evil.example/admin', '/shop', '/admin/../shop', '/admin-login', '/adminx']) {
      expect(returnPath(`?next=${encodeURIComponent(next)}`), next).toBe('/admin');
    }
  });
});
