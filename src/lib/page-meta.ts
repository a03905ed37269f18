import { createContext, useContext, useEffect } from 'react';
import { DEFAULT_SOCIAL_IMAGE, SOCIAL_IMAGE, socialImagePath } from '../../server/domain/image-variants';
import type { Thing, WithContext } from 'schema-dts';

const SHOP = 'Turnery';

/** schema.org data (built by src/lib/structured-data.ts, which only the pages that show such data load). */
export type StructuredData = WithContext<Thing>;

/** As a data block in HTML: '<' escaped, so no text can close the script element. */
export const structuredDataJson = (data: StructuredData[]) => JSON.stringify(data.length === 1 ? data[0] : data).replace(/</g, '\\u003c');

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  type?: string;
  /** The page shows 'not found': the server answers 404 and search engines are told not to index it. */
  notFound?: boolean;
  /** The page's one address, when it has several (a post by id and by slug); otherwise the address asked. */
  canonicalPath?: string;
  /** schema.org data about what the page shows (src/lib/structured-data.ts). */
  structuredData?: StructuredData[];
}

type Extra = Omit<PageMeta, 'title' | 'description'>;

/**
 * The link-preview picture: the page's image as a 1200x630 JPEG made from it (networks show no SVG and crop
 * other sizes), or the shop's own. An image on another site is named as it is (the shop does not fetch it).
 */
function socialImage(image: string | undefined): { url: string; sized: boolean } {
  const made = socialImagePath(image);
  if (made) return { url: made, sized: true };
  if (image && /^https?:\/\//.test(image) && !/\.svg($|\?)/i.test(image)) return { url: image, sized: false };
  return { url: DEFAULT_SOCIAL_IMAGE, sized: true };
}

const LD_ID = 'page-structured-data';

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

/**
 * Sets the page's title and description (docs/decisions.md D20) and canonical address after a move between pages. The
 * link-preview picture (og:image, twitter:card) and the schema.org data are written by the server only: bots read
 * the first HTML of each address they visit.
 */
export function usePageMeta(title: string, description: string, extra: Extra = {}) {
  useContext(PageMetaCollector)?.({ title, description, ...extra });
  useEffect(() => {
    dropStructuredDataOfOtherPage();
    setCanonical(extra.canonicalPath ?? window.location.pathname);
    document.title = documentTitle(title);
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', extra.type ?? 'website');
    if (extra.notFound) setMeta('name', 'robots', 'noindex');
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [title, description, extra.type, extra.notFound, extra.canonicalPath]);
}

/** The server wrote the schema.org block of the page it sent; once the browser shows another page, it is wrong. */
function dropStructuredDataOfOtherPage() {
  const block = document.getElementById(LD_ID);
  if (block && block.dataset.path !== window.location.pathname) block.remove();
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
  const picture = socialImage(meta.image);
  tags.push(`<meta property="og:image" content="${escapeHtml(new URL(picture.url, origin).toString())}" />`);
  if (picture.sized) {
    tags.push(`<meta property="og:image:width" content="${SOCIAL_IMAGE.width}" />`);
    tags.push(`<meta property="og:image:height" content="${SOCIAL_IMAGE.height}" />`);
  }
  tags.push(`<meta property="og:image:alt" content="${escapeHtml(meta.title)}" />`);
  tags.push(`<meta property="og:site_name" content="${SHOP}" />`);
  tags.push('<meta name="twitter:card" content="summary_large_image" />');
  if (meta.structuredData) {
    const block = `<script type="application/ld+json" id="${LD_ID}" data-path="${escapeHtml(path)}">`;
    tags.push(`${block}${structuredDataJson(meta.structuredData)}</script>`);
  }
  return tags.join('');
}

/** Keeps a page out of search results (a 'not found' page). */
export const NOINDEX = '<meta name="robots" content="noindex" />';
