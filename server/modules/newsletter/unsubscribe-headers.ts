/** Where a mail client's "Unsubscribe" button posts (RFC 8058), relative to the shop's origin. */
export const ONE_CLICK_PATH = '/api/newsletter/unsubscribe/one-click';

/** The headers that give newsletter mail a one-click Unsubscribe button in mail clients (RFC 2369, RFC 8058). */
export function listUnsubscribeHeaders(origin: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${origin}${ONE_CLICK_PATH}?token=${encodeURIComponent(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
