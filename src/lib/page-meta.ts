import { createContext, useContext, useEffect } from 'react';

const SHOP = 'Turnery';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  type?: string;
}

/** On the server: receives the page's meta while it renders (effects do not run there), for the HTML head. */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

const documentTitle = (title: string) => (title === SHOP ? title : `${title} | ${SHOP}`);

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Sets the page's title and description (DECISIONS.md D20), plus Open Graph tags for link previews. */
export function usePageMeta(title: string, description: string, extra: { image?: string; type?: string } = {}) {
  useContext(PageMetaCollector)?.({ title, description, ...extra });
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', extra.type ?? 'website');
    if (extra.image) setMeta('property', 'og:image', new URL(extra.image, window.location.origin).toString());
    // A page without an image must not keep the previous page's.
    else document.head.querySelector('meta[property="og:image"]')?.remove();
  }, [title, description, extra.image, extra.type]);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The same tags as usePageMeta sets, as HTML for a server-rendered page's head. */
export function pageMetaTags(meta: PageMeta, origin: string): string {
  const tags = [
    `<title>${escapeHtml(documentTitle(meta.title))}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="${escapeHtml(meta.type ?? 'website')}" />`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(new URL(meta.image, origin).toString())}" />`);
  return tags.join('');
}
