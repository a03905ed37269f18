import type { AnyProcedure, MiddlewareResult as StepResult, Parser, ProcedureCallOptions } from '@trpc/server/unstable-core-do-not-import';
import { TRPCError, getParseFn, getTRPCErrorFromUnknown, isObject, middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { isRowList } from './wire-schemas';

// tRPC's own runner (callProcedure) copies its options, and the context whenever a middleware passes one on, with a
// generic object-spread helper of its bundle that defines every property one by one: on a tax call that copying
// was 13% of the CPU (profiled). And its input and output checks call zod's asynchronous parse, which checked the
// shop's 200 products in 167 µs where the synchronous parse of the same schema took 25 µs. This runs the same
// middlewares (the app's, input and output validation, the resolver) in the same order with the same options,
// copied with the language's own spread, and checks inputs and outputs with the same schemas, synchronously
// unless a schema needs to wait (an asynchronous refinement), then as tRPC does.

interface MiddlewareResult {
  ok: boolean;
  data?: unknown;
  error?: TRPCError;
  ctx?: unknown;
}

interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

/** `rawInput`: the input as sent, when the caller has it at hand (the REST mirror), for the in-line run. */
type CallOptions = ProcedureCallOptions<unknown> & { input?: unknown; rawInput?: unknown };
type MiddlewareOptions = CallOptions & { meta: unknown; next: (nextOpts?: NextOptions) => Promise<MiddlewareResult> };
type Middleware = ((opts: MiddlewareOptions) => Promise<MiddlewareResult>) & { _type?: string };

interface ProcedureDef {
  middlewares: Middleware[];
  inputs: Parser[];
  output?: Parser;
  meta: unknown;
  experimental_caller: boolean;
  resolver?: (opts: CallOptions & { meta: unknown }) => unknown;
}

/** What a middleware of the shop's procedures does, as two plain steps around the rest of the call. */
export interface MiddlewareSteps<Ctx> {
  /** Before the rest: throws to refuse the call (its failure then reaches the steps' `after` of earlier middlewares). */
  before?: (opts: { ctx: Ctx; path: string; rawInput: unknown }) => void;
  /** After the rest, whatever its outcome: the result as it goes on, or a throw that replaces it. */
  after?: (opts: { ctx: Ctx; path: string }, result: StepResult<object>) => StepResult<object>;
}

const stepsOf = new WeakMap<Middleware, MiddlewareSteps<never>>();

/**
 * A middleware made of two plain steps, for `t.middleware(...)`: tRPC runs it as any middleware (the steps around
 * `next()`), and the REST mirror runs a procedure whose middlewares are all such steps in line (inlineRunner).
 */
export function steppedMiddleware<Ctx>(steps: MiddlewareSteps<Ctx>) {
  const middleware = (opts: {
    ctx: Ctx;
    path: string;
    getRawInput: () => Promise<unknown>;
    next: () => Promise<StepResult<object>>;
  }): Promise<StepResult<object>> => {
    const rest = steps.before
      ? opts.getRawInput().then((rawInput) => {
          steps.before!({ ctx: opts.ctx, path: opts.path, rawInput });
          return opts.next();
        })
      : opts.next();
    return steps.after ? rest.then((result) => steps.after!({ ctx: opts.ctx, path: opts.path }, result)) : rest;
  };
  stepsOf.set(middleware as unknown as Middleware, steps);
  return middleware;
}

/** The parser's check: zod's synchronous parse, or tRPC's (the asynchronous one) when the schema needs it. */
function parseFn(parser: Parser): (value: unknown) => unknown {
  const slow = getParseFn(parser);
  const schema = parser as { _zod?: unknown; parse?: (value: unknown) => unknown };
  if (!schema._zod || typeof schema.parse !== 'function') return slow;
  const parse = schema.parse.bind(schema);
  return (value) => {
    try {
      return parse(value);
    } catch (error) {
      if (error instanceof z.core.$ZodAsyncError) return slow(value);
      throw error;
    }
  };
}

// As tRPC's createInputMiddleware and createOutputMiddleware, with the parse above, and no promise made for a
// synchronous parse: with the ORM's AsyncLocalStorage on (after any transaction), each promise costs a hook.
function inputMiddleware(parser: Parser): Middleware {
  const parse = parseFn(parser);
  const refused = (cause: unknown) => {
    throw new TRPCError({ code: 'BAD_REQUEST', cause });
  };
  return (opts) =>
    opts.getRawInput().then((raw) => {
      const proceed = (parsed: unknown) =>
        opts.next({ input: isObject(opts.input) && isObject(parsed) ? { ...opts.input, ...parsed } : parsed });
      let parsed: unknown;
      try {
        parsed = parse(raw);
      } catch (cause) {
        return refused(cause);
      }
      return parsed instanceof Promise ? parsed.then(proceed, refused) : proceed(parsed);
    });
}

function outputMiddleware(parser: Parser): Middleware {
  const parse = parseFn(parser);
  const invalid = (cause: unknown) => {
    throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
  };
  return ({ next }) =>
    next().then((result) => {
      if (!result.ok) return result;
      let data: unknown;
      try {
        data = parse(result.data);
      } catch (cause) {
        return invalid(cause);
      }
      return data instanceof Promise ? data.then((checked: unknown) => ({ ...result, data: checked }), invalid) : { ...result, data };
    });
}

/** The procedure's middlewares with its checks replaced, or as they are when they do not match its parsers. */
function middlewaresOf(def: ProcedureDef): Middleware[] {
  const inputs = def.middlewares.filter((middleware) => middleware._type === 'input');
  const outputs = def.middlewares.filter((middleware) => middleware._type === 'output');
  if (inputs.length !== def.inputs.length || outputs.length !== (def.output ? 1 : 0)) return def.middlewares;
  let inputIndex = 0;
  return def.middlewares.map((middleware) => {
    if (middleware._type === 'input') return inputMiddleware(def.inputs[inputIndex++]!);
    if (middleware._type === 'output') return outputMiddleware(def.output!);
    return middleware;
  });
}

const failed = (cause: unknown): MiddlewareResult =>
  ({ ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker }) as MiddlewareResult;

/** tRPC's callRecursive: the middleware's result, or its failure (thrown or rejected) as an error result. */
function callMiddleware(middlewares: Middleware[], index: number, meta: unknown, opts: CallOptions): Promise<MiddlewareResult> {
  let result: Promise<MiddlewareResult>;
  try {
    result = middlewares[index]!({
      ...opts,
      meta,
      input: opts.input,
      next: (nextOpts?: NextOptions) =>
        callMiddleware(middlewares, index + 1, meta, {
          ...opts,
          ctx: nextOpts?.ctx ? { ...(opts.ctx as object), ...nextOpts.ctx } : opts.ctx,
          input: nextOpts && 'input' in nextOpts ? nextOpts.input : opts.input,
          getRawInput: nextOpts?.getRawInput ?? opts.getRawInput,
        }),
    });
  } catch (cause) {
    return Promise.resolve(failed(cause));
  }
  return Promise.resolve(result).then(undefined, failed);
}

/**
 * A row list (wire-schemas.ts) checked by its first item: an array, whose first item its schema leaves as it is
 * (nothing dropped, nothing converted); the list goes on untouched.
 */
function firstItemParse(list: z.ZodArray<z.ZodType>): (value: unknown) => unknown {
  const item = parseFn(list.element);
  return (value: unknown) => {
    if (!Array.isArray(value)) return list.parse(value);
    const items: unknown[] = value;
    if (items.length > 0 && !isDeepStrictEqual(item(items[0]), items[0])) {
      throw new Error('The first item of a row list is not as its schema writes it');
    }
    return items;
  };
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * A procedure whose middlewares are all stepped (steppedMiddleware) run in line: the steps before, the input checks,
 * the resolver, the output check, the steps after, each as the chain would, with no promise but the resolver's own.
 * The chain made one or two promises per middleware and per check (18 for a tax call), each running the ORM's
 * AsyncLocalStorage hooks: its CPU was about a fifth of a tax call in front of express (A/B; the figures are in git's history of README.md). Undefined
 * when the procedure has another middleware, whose `next` only the chain can give.
 */
function inlineRunner(def: ProcedureDef): ((opts: CallOptions) => unknown) | undefined {
  const resolverAt = def.middlewares.length - 1;
  const stepped = def.middlewares.slice(0, resolverAt).filter((middleware) => !middleware._type);
  const steps = stepped.map((middleware) => stepsOf.get(middleware));
  const checksFollow = def.middlewares.slice(stepped.length, resolverAt).every((middleware) => middleware._type);
  if (!def.resolver || !checksFollow || steps.some((step) => step === undefined)) return undefined;
  const inputs = def.inputs.map(parseFn);
  const output = def.output && (isRowList(def.output) ? firstItemParse(def.output) : parseFn(def.output));
  const resolver = def.resolver;

  const outputChecked = (data: unknown): MiddlewareResult | Promise<MiddlewareResult> => {
    const invalid = (cause: unknown) =>
      failed(new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause }));
    if (!output) return { ok: true, data };
    try {
      const checked = output(data);
      return isThenable(checked)
        ? Promise.resolve(checked).then((valid) => ({ ok: true, data: valid }), invalid)
        : { ok: true, data: checked };
    } catch (cause) {
      return invalid(cause);
    }
  };
  // The input checks in order (merged as the chain merges them), then the resolver and the output check.
  const core = (opts: CallOptions, index: number, input: unknown): MiddlewareResult | Promise<MiddlewareResult> => {
    if (index === inputs.length) {
      const data = resolver({ ...opts, meta: def.meta, input });
      return isThenable(data) ? Promise.resolve(data).then(outputChecked, failed) : outputChecked(data);
    }
    let parsed: unknown;
    try {
      parsed = inputs[index]!(opts.rawInput);
    } catch (cause) {
      return failed(new TRPCError({ code: 'BAD_REQUEST', cause }));
    }
    const merge = (value: unknown) => core(opts, index + 1, isObject(input) && isObject(value) ? { ...input, ...value } : value);
    return isThenable(parsed)
      ? Promise.resolve(parsed).then(merge, (cause: unknown) => failed(new TRPCError({ code: 'BAD_REQUEST', cause })))
      : merge(parsed);
  };
  // The `after` steps of the middlewares that ran, innermost first; a throw becomes the failure the next one sees.
  const unwind = (opts: CallOptions, ran: number, result: MiddlewareResult): MiddlewareResult => {
    let current = result;
    for (let index = ran - 1; index >= 0; index -= 1) {
      const after = steps[index]!.after;
      if (!after) continue;
      try {
        current = after({ ctx: opts.ctx as never, path: opts.path }, current as StepResult<object>);
      } catch (cause) {
        current = failed(cause);
      }
    }
    return current;
  };
  const settle = (result: MiddlewareResult): unknown => {
    if (!result.ok) throw result.error!;
    return result.data;
  };
  return (opts) => {
    let ran = 0;
    let result: MiddlewareResult | Promise<MiddlewareResult>;
    try {
      for (; ran < steps.length; ran += 1) steps[ran]!.before?.({ ctx: opts.ctx as never, path: opts.path, rawInput: opts.rawInput });
      result = core(opts, 0, undefined);
    } catch (cause) {
      result = failed(cause);
    }
    return isThenable(result)
      ? Promise.resolve(result).then((settled) => settle(unwind(opts, ran, settled)))
      : settle(unwind(opts, ran, result));
  };
}

/**
 * Calls `procedure` as tRPC's callProcedure does once it has found it: its data, or its error thrown (a value,
 * or a promise of one). Made once per procedure (at start-up), called per request. With `rawInput` given and only
 * stepped middlewares, in line (inlineRunner); otherwise through the chain.
 */
export function procedureRunner(procedure: AnyProcedure): (opts: CallOptions) => unknown {
  const def = procedure._def as unknown as ProcedureDef;
  // A procedure with its own caller decides how it is called.
  if (def.experimental_caller) return (opts) => procedure(opts);
  const middlewares = middlewaresOf(def);
  const chain = (opts: CallOptions) =>
    callMiddleware(middlewares, 0, def.meta, opts).then((result) => {
      if (!result) {
        throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares - did you forget to `return next()`?' });
      }
      if (!result.ok) throw result.error!;
      return result.data;
    });
  const inline = inlineRunner(def);
  if (!inline) return chain;
  return (opts) => ('rawInput' in opts ? inline(opts) : chain(opts));
}
