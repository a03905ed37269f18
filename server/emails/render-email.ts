import { createRequire } from 'node:module';
import { render } from '@react-email/components';
import type { ReactElement } from 'react';

type Converter = (html: string) => string;

let plainText: Converter | undefined;

/**
 * The plain-text part exactly as @react-email/render makes it (render(email, { plainText: true }) renders the
 * component again, then converts that HTML with html-to-text): its own html-to-text (resolved from its folder, as it
 * loads it) with its own options, compiled once instead of for every email. An order's two emails were rendered
 * four times and their converter built twice, about a quarter of an order's CPU (profiled).
 */
function plainTextConverter(): Converter {
  if (plainText) return plainText;
  const fromComponents = createRequire(createRequire(import.meta.url).resolve('@react-email/components'));
  const renderPath = fromComponents.resolve('@react-email/render');
  const { plainTextSelectors } = createRequire(renderPath)('@react-email/render') as { plainTextSelectors: object[] };
  const htmlToText = createRequire(renderPath)('html-to-text') as { compile(options: object): Converter };
  plainText = htmlToText.compile({ wordwrap: false, selectors: plainTextSelectors });
  return plainText;
}

/** An email component as the HTML part and the plain-text part of one message, from one render. */
export async function renderEmail(email: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(email);
  return { html, text: plainTextConverter()(html) };
}
