import { TRPCError, getTRPCErrorFromUnknown, type AnyRouter } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, RequestHandler, Response } from 'express';
import { z, ZodError } from 'zod';
import { InputError, type AppError } from '../trpc/errors';
import { errorData, errorMessage, type ShopMeta } from '../trpc/init';
import { restProcedures } from './procedures';
import { normalizePath, pathRegExp } from './rest-paths';

// The REST mirror: every procedure with `meta.openapi` answers at its documented path, as trpc-to-openapi's own
// adapter answers (the same lookup, input and error body), through tRPC's public caller, so each call runs the
// procedure's whole middleware chain with its input and output checks, as on /trpc. Three things differ, on purpose:
// the procedures' schemas are never changed (trpc-to-openapi's adapter switches on zod's coercion in them, which
// then also coerced JSON bodies and /trpc: `true` read as a quantity of 1, D34); instead the text of query strings
// and path parameters, and only that, is converted here to the number or boolean its field takes, and anything else
// is left for the schema to refuse with a 400 naming the field. A query parameter the operation does not document is
// refused (a misspelt filter must not pass unnoticed). And the per-operation work (walking the input schema) is done
// once at start-up rather than per request. The document is generated from the same meta (openapi.ts, openapi-paths.ts).

interface Operation {
  pattern: RegExp;
  /** The documented path, e.g. /products/{id}. */
  template: string;
  /** `/api` and the template: the request log's route. */
  route: string;
  /** The procedure's path in the router, e.g. products.byId. */
  path: string;
  /** No input at all (z.void()): the call gets none. */
  noInput: boolean;
  /** What the text of each query or path value stands for, by field (a field not listed takes text). */
  fields: Map<string, TextField>;
  /** The query parameters it documents (none for a write: its input is the body); any other is refused. */
  queryNames: Set<string>;
  /** The per-client limit the procedure counts (ShopMeta.limit), if any. */
  limit: ShopMeta['limit'];
}

/** What a query or path value's text stands for: a number, true or false, or text; `list` for an array field. */
interface TextField {
  kind: 'number' | 'boolean' | 'text';
  list: boolean;
}

/** A schema without the wrappers that do not change what its value is (optional, nullable, a default, a pipe's input). */
function unwrapped(schema: unknown): unknown {
  let type = schema;
  for (;;) {
    if (type instanceof z.ZodOptional || type instanceof z.ZodNullable || type instanceof z.ZodDefault) type = type.unwrap();
    else if (type instanceof z.ZodPipe) type = type.in;
    else return type;
  }
}

/** What a field takes, read through zod's public classes (never its private definitions). */
function textField(field: unknown): TextField {
  const type = unwrapped(field);
  if (type instanceof z.ZodArray) return { kind: textField(type.element).kind, list: true };
  if (type instanceof z.ZodNumber) return { kind: 'number', list: false };
  if (type instanceof z.ZodBoolean) return { kind: 'boolean', list: false };
  return { kind: 'text', list: false };
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** A query or path value's text as its field takes it; text that is no such value stays text, for the schema to refuse. */
function fromText(field: TextField | undefined, text: unknown): unknown {
  if (typeof text !== 'string' || !field) return text;
  if (field.kind === 'number' && NUMBER.test(text)) return Number(text);
  if (field.kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function operations(router: AnyRouter): Map<string, Operation[]> {
  const byMethod = new Map<string, Operation[]>();
  for (const { path, meta, openapi, input } of restProcedures(router)) {
    const schema = unwrapped(input);
    const template = normalizePath(openapi.path);
    const pathNames = new Set([...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!));
    const reads = openapi.method === 'GET' || openapi.method === 'DELETE';
    const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
    const queryNames = new Set(reads ? Object.keys(shape).filter((name) => !pathNames.has(name)) : []);
    const fields = new Map(Object.entries(shape).map(([name, field]) => [name, textField(field)] as const));
    const list = byMethod.get(openapi.method) ?? [];
    list.push({
      pattern: pathRegExp(template),
      template,
      route: `/api${template}`,
      path,
      noInput: schema instanceof z.ZodVoid || schema instanceof z.ZodUndefined || schema instanceof z.ZodNever,
      fields,
      queryNames,
      limit: meta.limit,
    });
    byMethod.set(openapi.method, list);
  }
  return byMethod;
}

/** Query values as trpc-to-openapi reads them: the single value of a key, or all of them when repeated. */
function queryInput(req: Request): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (value) query[key] = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
  }
  return query;
}

/** A query parameter the operation does not document is refused, not ignored: a misspelt filter must not pass. */
function refuseUnknownQuery(operation: Operation, query: Record<string, unknown>) {
  const unknown = Object.keys(query).filter((name) => !operation.queryNames.has(name));
  if (unknown.length === 0) return;
  const takes = operation.queryNames.size > 0 ? `it takes ${[...operation.queryNames].join(', ')}` : 'it takes none';
  const message = `is not a query parameter of ${operation.template} (${takes})`;
  throw new InputError(new ZodError(unknown.map((name) => ({ code: 'custom' as const, path: [name], message, input: undefined }))));
}

/** The input of a call: the JSON body of a write, or the query of a read, with the path's parameters. */
function inputOf(operation: Operation, req: Request): Record<string, unknown> | undefined {
  refuseUnknownQuery(operation, req.query);
  const withBody = req.method !== 'GET' && req.method !== 'DELETE';
  const contentType = req.headers['content-type'];
  if (withBody && !contentType?.startsWith('application/json')) {
    throw new TRPCError({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
    });
  }
  if (operation.noInput) return undefined;
  // Path parameters and query values are text: each becomes what its field takes. A JSON body is checked as it is.
  const text: Record<string, unknown> = {
    ...(withBody ? {} : queryInput(req)),
    ...operation.pattern.exec(normalizePath(req.path))?.groups,
  };
  const converted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(text)) {
    const field = operation.fields.get(name);
    const values = field?.list && !Array.isArray(value) ? [value] : value;
    converted[name] = Array.isArray(values) ? values.map((item) => fromText(field, item)) : fromText(field, values);
  }
  return withBody ? { ...(req.body as Record<string, unknown> | undefined), ...converted } : converted;
}

/** The error body of the REST mirror, as trpc-to-openapi writes it from the app's error shape (server/trpc/init.ts). */
function errorBody(error: TRPCError, status: number, path: string) {
  const invalidInput = error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.cause.name === 'ZodError';
  return {
    message: invalidInput ? 'Input validation failed' : errorMessage(error),
    code: error.code,
    data: errorData(error, status, path),
    issues: invalidInput ? (error.cause as { issues?: unknown }).issues : undefined,
  };
}

function sendJson(res: Response, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
}

interface Options<TContext> {
  router: AnyRouter;
  createCaller: (ctx: TContext) => object;
  createContext: (opts: { req: Request; res: Response; rest: true }) => TContext | Promise<TContext>;
  onError?: (opts: { error: TRPCError; path?: string; ctx?: TContext; req: Request }) => void;
  /** The 429 of a client already refused for `limit` (RateLimits.refusal), if it is one. */
  refusal?: (limit: NonNullable<ShopMeta['limit']>, req: Request) => AppError | undefined;
}

/**
 * The REST mirror's two express middlewares: `route` finds the documented operation of a request and names it for
 * the request log before anything else reads the request (so a body that cannot be parsed is logged under its
 * operation); `answer`, after the body is parsed, calls the operation's procedure. Anything else goes on (next).
 */
export function restAdapter<TContext>({ router, createCaller, createContext, onError, refusal }: Options<TContext>) {
  const byMethod = operations(router);
  const route: RequestHandler = (req, res, next) => {
    const path = normalizePath(req.path);
    const operation = byMethod.get(req.method)?.find((candidate) => candidate.pattern.test(path));
    if (operation) {
      res.locals.operation = operation;
      res.locals.route = operation.route;
      // A client already refused for the operation's limit is answered from memory before its body is read: a
      // one-client flood of contact messages cost 361 µs of CPU per refused request when each was parsed, checked
      // and called through tRPC first. The answer is the one the procedure gives (its honest errors).
      const refused = operation.limit === undefined ? undefined : refusal?.(operation.limit, req);
      if (refused) {
        onError?.({ error: refused, path: operation.path, req });
        const seconds = refused.details.retryAfterSeconds;
        if (typeof seconds === 'number') res.setHeader('Retry-After', String(seconds));
        return void sendJson(res, 429, errorBody(refused, 429, operation.path));
      }
    }
    next();
  };
  const answer: RequestHandler = (req, res, next) => {
    const operation = res.locals.operation as Operation | undefined;
    if (!operation) return next();
    let ctx: TContext | undefined;
    const send = (status: number, body: unknown) => sendJson(res, status, body);
    const call = async () => {
      const input = inputOf(operation, req);
      ctx = await createContext({ req, res, rest: true });
      const procedure = operation.path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], createCaller(ctx));
      return (procedure as (input: unknown) => Promise<unknown>)(input);
    };
    call().then(
      (data) => send(200, data),
      (cause: unknown) => {
        const error = getTRPCErrorFromUnknown(cause);
        onError?.({ error, path: operation.path, ctx, req });
        const status = getHTTPStatusCodeFromError(error);
        send(status, errorBody(error, status, operation.path));
      },
    );
  };
  return { route, answer };
}
