import type { Config } from '../../config';
import { publicOrigin } from '../../contract/public-origin';
import type { OrderMailSettings } from './order-email';

/** What an order's emails need from the request: the shop's public origin and the owner. */
export function orderMailSettings(ctx: {
  config: Config;
  req: { protocol: string; get(name: string): string | undefined };
}): OrderMailSettings {
  return { origin: publicOrigin(ctx), ownerEmail: ctx.config.OWNER_EMAIL };
}
