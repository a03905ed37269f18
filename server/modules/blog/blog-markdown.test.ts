import { describe, expect, it } from 'vitest';
import { renderPostContent } from './blog-markdown';

describe('renderPostContent', () => {
  it('renders Markdown headings, emphasis, lists and links', () => {
    const html = renderPostContent('## Oiling\n\nUse **food-safe** oil.\n\n- walnut\n- maple\n\n[Shop](/shop)');
    expect(html).toContain('<h2>Oiling</h2>');
    expect(html).toContain('<strong>food-safe</strong>');
    expect(html).toContain('<li>walnut</li>');
    expect(html).toContain('<a href="/shop">Shop</a>');
  });

  it('drops script tags and their text', () => {
    const html = renderPostContent('Hello\n\n<script>alert("x")</script>\n\nBye');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert');
    expect(html).toContain('Bye');
  });

  it('drops event handlers but keeps a safe image', () => {
    const html = renderPostContent('<img src="/images/blog/a.svg" alt="A bowl" onerror="alert(1)">');
    expect(html).toContain('src="/images/blog/a.svg"');
    expect(html).toContain('alt="A bowl"');
    expect(html).not.toMatch(/onerror/i);
  });

  it('drops javascript: and data: URLs', () => {
    const html = renderPostContent('[click](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">b</a> <img src="data:text/html,x">');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/data:/i);
  });

  it('drops iframes, styles and inline style attributes', () => {
    const html = renderPostContent('<iframe src="https://evil.example"></iframe><style>body{}</style><p style="x">t</p>');
    expect(html).not.toMatch(/<iframe|<style|style=/i);
    expect(html).toContain('<p>t</p>');
  });

  it('marks links that leave the shop noopener', () => {
    expect(renderPostContent('[wood](https://example.com)')).toContain('rel="noopener noreferrer"');
  });
});
