import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Posts are written in Markdown by the owner, but whatever they hold (pasted HTML, a stolen admin session)
// must never run in a reader's browser (D19). Render, then keep only plain document markup. The owner's pages
// (privacy, terms..., server/modules/pages) are rendered by the same function.
const markdown = new Marked({ gfm: true, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // Transforms run before this allow-list, so it also lists what they add (rel, loading).
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that leaves the shop gets no handle on it (window.opener) and no referrer.
    a: (tagName, attribs) =>
      /^https?:\/\//i.test(attribs.href ?? '') ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Markdown to HTML that is safe to put into the page: no script, no event handler, no javascript: URL. */
export function renderPostContent(content: string): string {
  return sanitizeHtml(markdown.parse(content) as string, SANITIZE);
}
