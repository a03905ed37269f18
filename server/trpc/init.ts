import { initTRPC, type TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { extendedContext, type Context } from './context';
import { isDatabaseUnavailable } from '../db/unavailable';
import { currentAdministrator } from '../http/admin-access';
import { Metrics } from '../http/metrics';
import { defaultReason } from '../domain/error-reasons';
import { ZodError } from 'zod';
import { AppError, InputError, zodCause } from './errors';
import { unreadableText } from './unreadable-text';
import { steppedMiddleware } from '../rest/run-procedure';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const zodError = zodCause(error);
      const inputError = zodError ? new InputError(zodError) : error instanceof InputError ? error : undefined;
      const appError = inputError ?? (error instanceof AppError ? error : undefined);
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        // Never a stack, and never the text of an unexpected fault (it may hold SQL or data).
        message: inputError?.message ?? (internal ? 'Internal server error' : shape.message),
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          // The stable, machine-readable reason (D25): scripts branch on it, never on the message.
          reason: appError?.reason ?? defaultReason(shape.data.httpStatus),
          issues: inputError?.issues,
          // A payment provider's code (e.g. CARD_DECLINED) for the payment-error dialog (docs/product.md section 8).
          paymentCode: paymentCode(error.cause),
          ...appError?.details,
        },
      };
    },
  });

/**
 * Gives failures an honest status: input validation failures name the bad field even on the REST mirror, which
 * otherwise replaces a ZodError's message with a generic one (docs/decisions.md D4); a database that cannot be
 * reached is a 503 the client may retry, not a 500; a rate limit says when to retry (Retry-After). A stepped
 * middleware (server/rest/run-procedure.ts): the REST mirror runs it in line, tRPC around `next()`.
 */
const honestErrors = t.middleware(
  steppedMiddleware<Context>({
    after: ({ ctx, path }, result) => {
      if (Metrics.counts(path)) ctx.services.metrics.procedureCalled(path, failureOf(result));
      if (!result.ok) {
        const error = result.error;
        const zodError = zodCause(error);
        if (zodError) throw new InputError(zodError);
        if (isDatabaseUnavailable(error.cause ?? error)) {
          throw new AppError('DATABASE_UNAVAILABLE', "The shop's database is not reachable right now. Please try again in a moment.");
        }
        const retryAfter = error instanceof AppError ? error.details.retryAfterSeconds : undefined;
        if (typeof retryAfter === 'number' && !ctx.res.headersSent) ctx.res.setHeader('Retry-After', String(retryAfter));
      }
      return result;
    },
  }),
);

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

/** Text no field may hold (a NUL, a lone surrogate) is refused before any schema reads the input, naming the field. */
const readableText = t.middleware(
  steppedMiddleware<Context>({
    before: ({ rawInput }) => {
      const issues = unreadableText(rawInput);
      if (issues.length > 0)
        throw new InputError(new ZodError(issues.map((issue) => ({ code: 'custom' as const, ...issue, input: undefined }))));
    },
  }),
);

function paymentCode(cause: unknown): string | undefined {
  const code = (cause as { paymentCode?: unknown } | undefined)?.paymentCode;
  return typeof code === 'string' ? code : undefined;
}

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(honestErrors).use(readableText);

/**
 * Every admin operation goes through this: 401 without a live admin session (D16), on tRPC and REST alike. On the
 * REST mirror an API token works too (a read-only one for GET only); never on /trpc (server/trpc/context.ts).
 */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const administrator = await currentAdministrator(ctx, ctx.req.method);
  if (!administrator) {
    const tokenOnTrpc = ctx.req.headers.authorization !== undefined;
    throw new AppError(
      'UNAUTHENTICATED',
      tokenOnTrpc ? 'API tokens work on /api only: sign in for /trpc' : 'Sign in as the administrator first',
    );
  }
  return next({ ctx: extendedContext(ctx, { administrator }) });
});

/**
 * The owner's own keys (the password, the sessions, the API tokens): the signed-in browser only. A token is
 * refused (403), so a leaked one cannot make itself successors or lock the owner out.
 */
export const ownerProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (ctx.apiToken !== undefined) {
    throw new AppError('FORBIDDEN', "An API token cannot manage API tokens or the owner's account: sign in as the owner");
  }
  const adminSession = await ctx.services.adminSessions.current(ctx);
  if (!adminSession) throw new AppError('UNAUTHENTICATED', 'Sign in as the administrator first');
  return next({ ctx: extendedContext(ctx, { adminSession }) });
});
