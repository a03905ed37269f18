import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { lazyHandles, type DbHandles } from '../db/db-handles';
import type { SqlSource } from '../db/sql';
import { bearerToken } from '../http/bearer-token';
import { clientKey } from '../http/client-key';
import type { AppServices } from '../contract/app-services';

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
  /** For statements written by hand (sql, sqlTransaction): the shop's own pool, found without a fork. */
  db: SqlSource;
  config: Config;
  services: AppServices;
  session: SessionData;
  /**
   * Who is asking, for per-client rate limits: the client's address (behind a trusted proxy, the forwarded one),
   * an IPv6 address by its /64 (server/http/client-key.ts).
   */
  clientKey: string;
  /**
   * The API token (Authorization: Bearer) of a REST request; never read on /trpc, the browser's road. A request
   * with one is the token's alone: its `session` is empty, whatever cookie it carries.
   */
  apiToken?: string;
  /**
   * The request's `Idempotency-Key` header as sent (D36), on both roads: the owner's money calls answer a repeat
   * of it with the first answer (server/trpc/idempotency.ts checks and keeps it).
   */
  idempotencyKey?: string;
}

export function createContextFactory(deps: ContextDeps) {
  /** `rest`: the call came through the REST mirror (server/rest/rest-adapter.ts), where API tokens work. */
  return ({ req, res, rest = false }: { req: Request; res: Response; rest?: boolean }): Context =>
    new RequestContext(req, res, deps, rest ? bearerToken(req) : undefined);
}

type ContextDeps = { em: EntityManager; config: Config; services: AppServices };

/**
 * A class, its lazy parts getters of the prototype: an object literal with getters is built by V8's slow path, and
 * with the client's address made a getter too a tax call used about 117 µs of CPU against 79 (bench/ab.ts, four
 * rounds each); as this class, 68-70 against 78-81.
 */
class RequestContext implements Context {
  private readonly handles: DbHandles;
  readonly db: SqlSource;
  readonly config: Config;
  readonly services: AppServices;
  /** A field, not a getter: a middleware's context (extendedContext) keeps own fields only. */
  readonly idempotencyKey: string | undefined;
  private ownSession: SessionData | undefined;

  constructor(
    readonly req: Request,
    readonly res: Response,
    deps: ContextDeps,
    readonly apiToken: string | undefined,
  ) {
    this.handles = lazyHandles(deps.em);
    this.db = this.handles.db;
    this.config = deps.config;
    this.services = deps.services;
    const key = req.headers['idempotency-key'];
    this.idempotencyKey = typeof key === 'string' ? key : undefined;
  }

  /**
   * Read on first use: reading `req.session` sets cookie-session up for the request (server/http/session-cookie.ts),
   * which a calculation or a catalogue read need not pay for.
   */
  get session(): SessionData {
    // cookie-session puts `session` on the request; it is always an object once the middleware ran.
    return (this.ownSession ??= this.apiToken === undefined ? ((this.req.session ?? {}) as SessionData) : {});
  }

  /**
   * Forked on first use: a calculation that reads nothing from the database pays nothing for it (a fork was about a
   * tenth of a tax call's CPU in front of express, profiled), nor a checkout's statements (db).
   */
  get em(): EntityManager {
    return this.handles.em;
  }

  /** Worked out when a rate limit asks: express reads req.ip from the forwarded chain anew on each call. */
  get clientKey(): string {
    return clientKey(this.req, this.services.forwarding);
  }
}

/**
 * The context with more fields, as a middleware hands it on (`next({ ctx })`). tRPC copies a context's own fields
 * into a new object, which would leave RequestContext's getters behind, so `em`, `clientKey` and `session` become
 * fields here.
 */
export function extendedContext<T extends object>(ctx: Context, more: T): Context & T {
  return { ...ctx, em: ctx.em, clientKey: ctx.clientKey, session: ctx.session, ...more };
}
