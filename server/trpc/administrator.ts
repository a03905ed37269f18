import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../contract/app-services';
import type { IAdminSession, IApiToken } from '../modules/admin';
import type { SessionData } from './context';

// Here, beside the request context, rather than in the admin module: the tRPC middleware that asks it is imported by
// every module's routers, the admin's among them (docs/architecture.md: no cycles). It asks the admin's services only.

/** Who acts as the administrator: the owner's signed-in browser, or a script with an API token. */
export type Administrator = { session: IAdminSession; token?: undefined } | { token: IApiToken; session?: undefined };

interface AccessContext {
  em: EntityManager;
  session: SessionData;
  services: AppServices;
  /** Only on the REST mirror and the express routes beside it (server/http/bearer-token.ts). */
  apiToken?: string;
}

/**
 * The administrator a request comes from, or null when it carries no credentials (or a session that ended). A
 * request with an API token is judged by the token alone: a bad one fails (401, 403 or 429) whatever its cookie.
 * `method`: a GET reads; anything else writes, which a read-only token may not.
 */
export async function currentAdministrator(ctx: AccessContext, method: string): Promise<Administrator | null> {
  if (ctx.apiToken !== undefined) {
    return { token: await ctx.services.apiTokens.authenticate(ctx.em, ctx.apiToken, method !== 'GET') };
  }
  const session = await ctx.services.adminSessions.current(ctx);
  return session ? { session } : null;
}
