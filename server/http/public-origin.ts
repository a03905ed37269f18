/** Where the shop is reached: PUBLIC_URL when set, otherwise the address this request came to. */
export function publicOrigin(ctx: {
  config: { PUBLIC_URL?: string };
  req: { protocol: string; get(name: string): string | undefined };
}): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  try {
    return new URL(`${ctx.req.protocol}://${ctx.req.get('host')}`).origin;
  } catch {
    // A malformed Host header: a link without a broken address is better than none.
    return 'http://localhost';
  }
}
