import { createContext, useContext, useEffect } from 'react';

const SHOP = 'Turnery';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  type?: string;
  /** The page shows 'not found': the server answers 404 and search engines are told not to index it. */
  notFound?: boolean;
  /** The page's one address, when it has several (a post by id and by slug); otherwise the address asked. */
  canonicalPath?: string;
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
export function usePageMeta(
  title: string,
  description: string,
  extra: { image?: string; type?: string; notFound?: boolean; canonicalPath?: string } = {},
) {
  useContext(PageMetaCollector)?.({ title, description, ...extra });
  useEffect(() => {
    setCanonical(extra.canonicalPath ?? window.location.pathname);
    document.title = documentTitle(title);
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', extra.type ?? 'website');
    if (extra.image) setMeta('property', 'og:image', new URL(extra.image, window.location.origin).toString());
    // A page without an image must not keep the previous page's.
    else document.head.querySelector('meta[property="og:image"]')?.remove();
    if (extra.notFound) setMeta('name', 'robots', 'noindex');
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [title, description, extra.image, extra.type, extra.notFound, extra.canonicalPath]);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function setCanonical(pathname: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  // The server put the shop's public origin (PUBLIC_URL) in the first page's link; later pages keep it.
  const origin = link.href ? new URL(link.href).origin : window.location.origin;
  link.href = `${origin}${pathname}`;
  setMeta('property', 'og:url', link.href);
}

/** The same tags as usePageMeta sets, as HTML for a server-rendered page's head (`path`: the address asked). */
export function pageMetaTags(meta: PageMeta, origin: string, path: string): string {
  const canonical = `${origin}${meta.canonicalPath ?? path}`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<title>${escapeHtml(documentTitle(meta.title))}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="${escapeHtml(meta.type ?? 'website')}" />`,
  ];
  if (meta.notFound) tags.push(NOINDEX);
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(new URL(meta.image, origin).toString())}" />`);
  return tags.join('');
}

/** Keeps a page out of search results (a 'not found' page). */
export const NOINDEX = '<meta name="robots" content="noindex" />';
