import type { AnyRouter } from '@trpc/server';
import type { OpenApiProcedure } from 'trpc-to-openapi';

/** The procedures of a router by dotted path, as trpc-to-openapi's helpers take them. */
export type ProcedureRecord = Record<string, OpenApiProcedure>;

/**
 * Every procedure of the router by its dotted path (`products.byId`), found through the router's public shape: a
 * router's properties are its procedures and its sub-routers (tRPC's own `_def` and `createCaller` aside).
 */
export function proceduresOf(router: AnyRouter): ProcedureRecord {
  const found: Record<string, unknown> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === '_def' || key === 'createCaller' || value === null) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'function') found[path] = value;
      else if (typeof value === 'object') walk(value as object, path);
    }
  };
  walk(router, '');
  return found as ProcedureRecord;
}
