import { describe, expect, it } from 'vitest';
import { PageRenderer, withRenderedPage } from './page-renderer';

const shell = `<!doctype html><html><head><title>Turnery | Handcrafted Wooden Goods</title><meta name="description" content="Default." />
<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/framework.js">
<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>`;

const page = {
  status: 200 as const,
  head: '<title>Walnut Bowl | Turnery</title><meta name="description" content="A bowl." />',
  body: '<h1>Walnut Bowl</h1><p>$68.00 and $& and $1</p>',
  state: '<script type="application/json" id="server-state">{}</script>',
};

describe('withRenderedPage', () => {
  const html = withRenderedPage(shell, page);

  it("puts the page into the root and its data block into the body, '$' in its text as written", () => {
    expect(html).toContain('<div id="root"><h1>Walnut Bowl</h1><p>$68.00 and $& and $1</p></div>');
    expect(html).toContain('id="server-state"');
  });

  it("replaces the shell's title and description with the page's", () => {
    expect(html).not.toContain('Handcrafted Wooden Goods');
    expect(html).not.toContain('Default.');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.split('</head>')[0]).toContain('<title>Walnut Bowl | Turnery</title>');
  });

  it('names the scripts after the content and stylesheets, at low priority', () => {
    const [head, body] = html.split('</head>');
    expect(head).not.toContain('.js');
    expect(head).toContain('/assets/index.css');
    expect(body).toMatch(
      /<\/div><script type="application\/json"[^]*<script fetchpriority="low" type="module" crossorigin src="\/assets\/index.js"><\/script><link fetchpriority="low" rel="modulepreload"/,
    );
  });
});

describe('PageRenderer.renders', () => {
  it('renders the storefront, not the pages that belong to one visitor', () => {
    for (const path of ['/', '/shop', '/product/3', '/blog', '/blog/a-post', '/about', '/contact', '/anything-else']) {
      expect(PageRenderer.renders(path), path).toBe(true);
    }
    for (const path of ['/admin', '/admin-login', '/checkout', '/checkout/success', '/order-confirmation', '/newsletter/unsubscribe']) {
      expect(PageRenderer.renders(path), path).toBe(false);
    }
  });
});
