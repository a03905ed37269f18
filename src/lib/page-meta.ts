import { useEffect } from 'react';

const SHOP = 'Turnery';

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
  useEffect(() => {
    document.title = title === SHOP ? title : `${title} | ${SHOP}`;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', extra.type ?? 'website');
    if (extra.image) setMeta('property', 'og:image', new URL(extra.image, window.location.origin).toString());
    // A page without an image must not keep the previous page's.
    else document.head.querySelector('meta[property="og:image"]')?.remove();
  }, [title, description, extra.image, extra.type]);
}
