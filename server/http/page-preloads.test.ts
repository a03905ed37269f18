import { describe, expect, it } from 'vitest';
import { pagePreloads } from './page-preloads';

const manifest = {
  'main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  'routes/home.tsx': { file: 'assets/home.js', imports: ['_framework.js', '_card.js'], css: ['assets/home.css'] },
  '_card.js': { file: 'assets/card.js' },
  'routes/product.tsx': { file: 'assets/product.js', imports: ['_card.js'] },
};

describe('pagePreloads', () => {
  it("names the page's chunks and CSS that the entry does not, and Home's hero picture", () => {
    const html = pagePreloads(manifest, '/');
    expect(html).toContain('href="/images/hero.svg"');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/home.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    expect(html).toContain('href="/assets/card.js"');
    expect(html).not.toContain('framework');
  });

  it('matches parameterised paths, and nothing for other screens', () => {
    expect(pagePreloads(manifest, '/product/12')).toContain('/assets/product.js');
    expect(pagePreloads(manifest, '/product/12')).not.toContain('hero');
    expect(pagePreloads(manifest, '/admin')).toBe('');
    expect(pagePreloads({}, '/')).toBe('');
  });
});
