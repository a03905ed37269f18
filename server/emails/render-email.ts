import { render } from '@react-email/components';
import type { ReactElement } from 'react';

/** An email component as the HTML part and the plain-text part of one message. */
export async function renderEmail(email: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })]);
  return { html, text };
}
