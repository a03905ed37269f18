import { Preview } from '@react-email/components';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderEmail, type RenderedEmail } from './render-email';

/** What an email shows, as text: every value a string, lists of them, records of them. */
export type EmailView = string | readonly EmailView[] | { readonly [key: string]: EmailView };

// A value's place in the rendered template: characters of Unicode's private use area, which no view holds (checked).
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKER = /\uE000(\d+)\uE001/g;
// react-email's <Preview> as rendered around one marker: its text, then padding whose length depends on the text's.
const PREVIEW = /<div style="[^"]*" data-skip-in-text="true">\uE000(\d+)\uE001(?:<div>[^<]*<\/div>)?<\/div>/;

/** A template's text between values: a string, a value's index, or the preview's index (rendered on its own). */
type Part = string | number | { preview: number };

interface Compiled {
  html: Part[];
  text: Part[];
}

// The shapes of view an email was compiled for (one per number of items, say), each compiled once.
const MAX_SHAPES = 32;

/**
 * An email component rendered once per shape of its view, with a marker in place of each value, then filled in for
 * each email: the same HTML and text as renderEmail's (email-template.test.ts compares them on many views). An
 * order's two emails took 1,408 µs of CPU rendered and converted, 75 µs filled (in process, production React;
 * they were a tenth of the shop's CPU in a checkout profile). A value html-to-text would not write back as it is
 * (runs of whitespace, a leading or trailing space, empty) is rendered the slow way, as is a shape beyond the
 * first MAX_SHAPES; `render` is that way (a test counts its calls).
 */
export function emailTemplate<View extends EmailView>(
  component: (view: View) => ReactElement,
  render: (email: ReactElement) => RenderedEmail = renderEmail,
): (view: View) => RenderedEmail {
  const compiled = new Map<string, Compiled>();
  return (view) => {
    const values: string[] = [];
    const shape = leaves(view, values);
    if (!values.every(isPlain)) return render(component(view));
    let template = compiled.get(shape);
    if (!template) {
      if (compiled.size >= MAX_SHAPES) return render(component(view));
      template = compile(render(component(markers(view, { next: 0 }) as View)));
      compiled.set(shape, template);
    }
    return { html: fill(template.html, values, escapeHtml), text: fill(template.text, values, (value) => value) };
  };
}

/** Pushes the view's values onto `values` in order; answers its shape (records' keys, lists' lengths). */
function leaves(view: EmailView, values: string[]): string {
  if (typeof view === 'string') {
    values.push(view);
    return 's';
  }
  if (Array.isArray(view)) return `[${(view as readonly EmailView[]).map((item) => leaves(item, values)).join(',')}]`;
  const record = view as { readonly [key: string]: EmailView };
  return `{${Object.keys(record)
    .map((key) => `${key}:${leaves(record[key]!, values)}`)
    .join(',')}}`;
}

/** The view with each value replaced by its marker, numbered in the order `leaves` lists the values. */
function markers(view: EmailView, counter: { next: number }): EmailView {
  if (typeof view === 'string') return `${OPEN}${counter.next++}${CLOSE}`;
  if (Array.isArray(view)) return (view as readonly EmailView[]).map((item) => markers(item, counter));
  const record = view as { readonly [key: string]: EmailView };
  return Object.fromEntries(Object.keys(record).map((key) => [key, markers(record[key]!, counter)]));
}

function compile({ html, text }: RenderedEmail): Compiled {
  const preview = PREVIEW.exec(html);
  const htmlParts = preview
    ? [...split(html.slice(0, preview.index)), { preview: Number(preview[1]) }, ...split(html.slice(preview.index + preview[0].length))]
    : split(html);
  return { html: htmlParts, text: split(text) };
}

function split(rendered: string): Part[] {
  return rendered.split(MARKER).map((part, index) => (index % 2 === 1 ? Number(part) : part));
}

function fill(parts: Part[], values: string[], escape: (value: string) => string): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (typeof part === 'number') out += escape(values[part]!);
    else out += preview(values[part.preview]!);
  }
  return out;
}

// <Preview> rendered around a placeholder of each length up to its limit: its padding depends on the length alone.
const PREVIEW_LIMIT = 150;
const previews = new Map<number, [string, string]>();

/** react-email's <Preview> of `text`: rendered once for each length of text, then filled. */
function preview(text: string): string {
  if (text.length < 2 || text.length > PREVIEW_LIMIT) return renderToStaticMarkup(createElement(Preview, null, text));
  let around = previews.get(text.length);
  if (!around) {
    const placeholder = `${OPEN}${'x'.repeat(text.length - 2)}${CLOSE}`;
    const [before, after] = renderToStaticMarkup(createElement(Preview, null, placeholder)).split(placeholder);
    around = [before!, after!];
    previews.set(text.length, around);
  }
  return around[0] + escapeHtml(text) + around[1];
}

// React escapes text and attribute values alike, these five characters so.
const ESCAPES: Record<string, string> = { '"': '&quot;', "'": '&#x27;', '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (value: string) => value.replace(/["'&<>]/g, (character) => ESCAPES[character]!);

/**
 * A value html-to-text writes back unchanged wherever it stands: not empty, no whitespace but single spaces
 * between words (it collapses runs and trims at block edges), none of the markers' characters.
 */
const isPlain = (value: string) => /^[^\s\u200b\uE000\uE001]+(?: [^\s\u200b\uE000\uE001]+)*$/.test(value);
