import { initTRPC, type TRPCError } from '@trpc/server';
import { extendedContext, type Context } from './context';
import { isDatabaseUnavailable } from '../db/unavailable';
import { currentAdministrator } from './administrator';
import { Metrics } from '../http/metrics';
import { defaultReason } from '../domain/error-reasons';
import { ZodError, type z } from 'zod';
import { AppError, InputError, zodCause } from './errors';
import type { RateLimitName } from './rate-limits';
import { unreadableText } from './unreadable-text';

/**
 * The `data` of every error body, on /trpc (the errorFormatter) and on the REST mirror (server/rest/rest-adapter.ts):
 * the tRPC code and status, the stable reason (D25), the bad fields, a payment provider's code, the error's details.
 */
export function errorData(error: TRPCError, httpStatus: number, path: string | undefined) {
  const zodError = zodCause(error);
  const inputError = zodError ? new InputError(zodError) : error instanceof InputError ? error : undefined;
  const appError = inputError ?? (error instanceof AppError ? error : undefined);
  return {
    code: error.code,
    httpStatus,
    path,
    // The stable, machine-readable reason (D25): scripts branch on it, never on the message.
    reason: appError?.reason ?? defaultReason(httpStatus),
    issues: inputError?.issues,
    // A payment provider's code (e.g. CARD_DECLINED) for the payment-error dialog (docs/product.md section 8).
    paymentCode: paymentCode(error.cause),
    ...appError?.details,
  };
}

/** What an error says to people: never a stack, and never the text of an unexpected fault (it may hold SQL or data). */
export function errorMessage(error: TRPCError): string {
  const zodError = zodCause(error);
  if (zodError) return new InputError(zodError).message;
  return error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal server error' : error.message;
}

/**
 * A procedure's operation on the REST mirror (server/rest): its method and path, and what the API document says of
 * it (server/rest/openapi-paths.ts). The fields trpc-to-openapi's `openapi` meta had, less the ones the shop never
 * used (other content types, per-operation error lists: server/rest/operation-failures.ts lists the failures).
 */
export interface OpenApiOperation {
  /** false: no REST path for the procedure. */
  enabled?: boolean;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Under /api; `{name}` is a path parameter, a field of the input. */
  path: `/${string}`;
  /** The procedure's dotted path with dashes when not given. */
  operationId?: string;
  summary?: string;
  description?: string;
  /** true (the default) documents 401 and 403 answers; the procedure's `access` then decides which stay. */
  protect?: boolean;
  tags?: string[];
  deprecated?: boolean;
  requestHeaders?: z.ZodObject;
  responseHeaders?: z.ZodObject;
  /** The 200 answer's description ('Successful response' when not given). */
  successDescription?: string;
}

/**
 * What a procedure declares of itself: its REST path (`openapi`), and who may call it (`access`, set by
 * adminProcedure and ownerProcedure; tRPC merges a procedure's own meta into it), which the API document reads.
 */
export type ShopMeta = {
  openapi?: OpenApiOperation;
  access?: 'admin' | 'owner';
  /**
   * The per-client limit the procedure counts (its resolver calls `rateLimits.consume` with it): a client this
   * instance has already refused in the window still running is answered 429 before its input is read, on both roads.
   */
  limit?: RateLimitName;
  /**
   * The procedure's input schema, the very one tRPC checks (set by withInput, never by hand): tRPC keeps the schemas
   * it is given private, and the REST mirror and the API document's checks read this one.
   */
  input?: z.ZodType;
  /** The procedure's output schema, the very one tRPC checks its answers with (set by withOutput): the API document reads it. */
  output?: z.ZodType;
};

const t = initTRPC
  .context<Context>()
  .meta<ShopMeta>()
  .create({
    errorFormatter: ({ shape, error }) => ({
      message: errorMessage(error),
      code: shape.code,
      data: errorData(error, shape.data.httpStatus, shape.data.path),
    }),
  });

/**
 * The first middleware of every procedure, one rather than two (each of tRPC's middlewares copies the call's options
 * twice; a second one was about 2% of a tax call's CPU, profiled):
 *
 * Before the input is read, a client this instance already refused for the procedure's limit (`meta.limit`) is
 * refused again from memory, and text no field may hold (a NUL, a lone surrogate) is refused naming the field,
 * before any schema reads the input.
 *
 * After the call, failures get an honest status: input validation failures name the bad field even on the REST
 * mirror, which otherwise replaces a ZodError's message with a generic one (docs/decisions.md D4); a database that
 * cannot be reached is a 503 the client may retry, not a 500; a rate limit says when to retry (Retry-After). Counted
 * calls are counted in the metrics with their outcome.
 */
const honestErrors = t.middleware(async ({ ctx, path, meta, getRawInput, next }) => {
  const refused = meta?.limit === undefined ? undefined : ctx.services.rateLimits.refusal(meta.limit, ctx.clientKey);
  const refusal = refused ?? unreadableInput(await getRawInput());
  if (refusal) {
    if (Metrics.counts(path)) ctx.services.metrics.procedureCalled(path, failureOf({ ok: false, error: refusal }));
    retryAfter(ctx, refusal);
    throw refusal;
  }
  const result = await next();
  if (Metrics.counts(path)) ctx.services.metrics.procedureCalled(path, failureOf(result));
  if (!result.ok) {
    const error = result.error;
    const zodError = zodCause(error);
    if (zodError) throw new InputError(zodError);
    if (isDatabaseUnavailable(error.cause ?? error)) {
      throw new AppError('DATABASE_UNAVAILABLE', "The shop's database is not reachable right now. Please try again in a moment.");
    }
    retryAfter(ctx, error);
  }
  return result;
});

/** A rate limit's Retry-After header, from the error's seconds. */
function retryAfter(ctx: Context, error: TRPCError) {
  const seconds = error instanceof AppError ? error.details.retryAfterSeconds : undefined;
  if (typeof seconds === 'number' && !ctx.res.headersSent) ctx.res.setHeader('Retry-After', String(seconds));
}

/** A counted call's outcome: undefined for success, else the decline code (a card decline is a 200) or the reason. */
function failureOf(result: { ok: true; data: unknown } | { ok: false; error: TRPCError }): string | undefined {
  if (result.ok)
    return (result.data as { success?: boolean; error?: { code?: string } } | undefined)?.success === false
      ? ((result.data as { error?: { code?: string } }).error?.code ?? 'DECLINED')
      : undefined;
  if (isDatabaseUnavailable(result.error.cause ?? result.error)) return 'DATABASE_UNAVAILABLE';
  return (
    paymentCode(result.error.cause) ??
    (result.error instanceof AppError ? result.error.reason : zodCause(result.error) ? 'VALIDATION_FAILED' : result.error.code)
  );
}

/** The 400 of an input holding text no field may hold, naming each such field; undefined when there is none. */
function unreadableInput(input: unknown): InputError | undefined {
  const issues = unreadableText(input);
  if (issues.length === 0) return undefined;
  return new InputError(new ZodError(issues.map((issue) => ({ code: 'custom' as const, ...issue, input: undefined }))));
}

function paymentCode(cause: unknown): string | undefined {
  const code = (cause as { paymentCode?: unknown } | undefined)?.paymentCode;
  return typeof code === 'string' ? code : undefined;
}

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(honestErrors);

/**
 * A procedure's input, declared once: `.concat(withInput(schema))` where tRPC's own `.input(schema)` would be. It
 * gives tRPC the schema (the same input check, at the same place in the chain) and the procedure's public meta a
 * reference to it (`meta.input`), which server/rest reads: the REST mirror converts query and path text by it.
 */
export function withInput<TSchema extends z.ZodType>(schema: TSchema) {
  // eslint-disable-next-line no-restricted-syntax -- the one place a procedure's input is given to tRPC
  return t.procedure.meta({ input: schema }).input(schema);
}

/**
 * A procedure's output, declared once: `.concat(withOutput(schema))` where tRPC's own `.output(schema)` would be. tRPC
 * checks every answer against it as before, and the public meta keeps a reference (`meta.output`) that the API
 * document's 200 answer is generated from (server/rest/openapi-paths.ts).
 */
export function withOutput<TSchema extends z.ZodType>(schema: TSchema) {
  // eslint-disable-next-line no-restricted-syntax -- the one place a procedure's output is given to tRPC
  return t.procedure.meta({ output: schema }).output(schema);
}

/**
 * Every admin operation goes through this: 401 without a live admin session (D16), on tRPC and REST alike. On the
 * REST mirror an API token works too (a read-only one for GET only); never on /trpc (server/trpc/context.ts).
 */
export const adminProcedure = publicProcedure.meta({ access: 'admin' }).use(async ({ ctx, type, next }) => {
  const administrator = await currentAdministrator(ctx, ctx.req.method);
  if (!administrator) {
    const tokenOnTrpc = ctx.req.headers.authorization !== undefined;
    throw new AppError(
      'UNAUTHENTICATED',
      tokenOnTrpc ? 'API tokens work on /api only: sign in for /trpc' : 'Sign in as the administrator first',
    );
  }
  const result = await next({ ctx: extendedContext(ctx, { administrator }) });
  // The owner sees a save on the next page this instance serves, without waiting for the database's notice (which
  // may come after that read): any admin change may touch what the storefront shows, and they are few.
  if (type === 'mutation' && result.ok) ctx.services.catalogChanges.changedHere();
  return result;
});

/**
 * The owner's own keys (the password, the sessions, the API tokens): the signed-in browser only. A token is
 * refused (403), so a leaked one cannot make itself successors or lock the owner out.
 */
export const ownerProcedure = publicProcedure.meta({ access: 'owner' }).use(async ({ ctx, next }) => {
  if (ctx.apiToken !== undefined) {
    throw new AppError('FORBIDDEN', "An API token cannot manage API tokens or the owner's account: sign in as the owner");
  }
  const adminSession = await ctx.services.adminSessions.current(ctx);
  if (!adminSession) throw new AppError('UNAUTHENTICATED', 'Sign in as the administrator first');
  return next({ ctx: extendedContext(ctx, { adminSession }) });
});
