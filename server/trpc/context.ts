import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { lazyHandles } from '../db/db-handles';
import type { SqlSource } from '../db/sql';
import { bearerToken } from '../http/bearer-token';
import type { AppServices } from '../services';

/** What the browser session (a signed cookie) may hold. */
export interface SessionData {
  /** Id of the server-side admin session row (D16). */
  adminSessionId?: string;
  /** Orders this browser placed, so it may read them back (D13). */
  orderIds?: number[];
}

export interface Context {
  req: Request;
  res: Response;
  /** One identity map per request, forked on first use. */
  em: EntityManager;
  /** For statements written by hand (sql, sqlTransaction): the ORM's pool, without a fork. */
  db: SqlSource;
  config: Config;
  services: AppServices;
  session: SessionData;
  /** Who is asking, for per-client rate limits: the client's address (behind a trusted proxy, the forwarded one). */
  clientKey: string;
  /**
   * The API token (Authorization: Bearer) of a REST request; never read on /trpc, the browser's road. A request
   * with one is the token's alone: its `session` is empty, whatever cookie it carries.
   */
  apiToken?: string;
}

export function createContextFactory(deps: { em: EntityManager; config: Config; services: AppServices }) {
  /** `rest`: the call came through the REST mirror (server/rest/rest-adapter.ts), where API tokens work. */
  return ({ req, res, rest = false }: { req: Request; res: Response; rest?: boolean }): Context => {
    const handles = lazyHandles(deps.em);
    const apiToken = rest ? bearerToken(req) : undefined;
    return {
      req,
      res,
      // Forked on first use: a calculation that reads nothing from the database pays nothing for it (a fork was
      // about a tenth of a tax call's CPU in front of express, profiled), nor a checkout's statements (db).
      get em() {
        return handles.em;
      },
      db: handles.db,
      config: deps.config,
      services: deps.services,
      // cookie-session puts `session` on the request; it is always an object once the middleware ran.
      session: apiToken === undefined ? ((req.session ?? {}) as SessionData) : {},
      clientKey: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      apiToken,
    };
  };
}
