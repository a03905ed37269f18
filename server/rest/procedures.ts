import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { z } from 'zod';
import type { ShopMeta } from '../trpc/init';

/** The procedures of a router by dotted path. */
export type ProcedureRecord = Record<string, AnyProcedure>;

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

/**
 * A procedure's input schema, read from its public meta (withInput in server/trpc/init.ts puts the schema tRPC checks
 * there). A procedure declared without one reads as an empty object: no parameters, no body.
 */
export function inputOf(procedure: AnyProcedure): z.ZodType {
  return (procedure.meta as ShopMeta | undefined)?.input ?? z.object({});
}

/** What server/rest reads of a procedure that answers on the REST mirror, all of it public. */
export interface RestProcedure {
  /** The procedure's path in the router, e.g. products.byId. */
  path: string;
  meta: ShopMeta;
  openapi: NonNullable<ShopMeta['openapi']>;
  input: z.ZodType;
  /** The procedure's output schema (withOutput's `meta.output`); undefined for one declared without. */
  output: z.ZodType | undefined;
}

/**
 * The procedures with a REST path (`meta.openapi`, not switched off with `enabled: false`), in the router's order:
 * the ones the API document describes (openapi-paths.ts), read from each procedure's public `meta`.
 */
export function restProcedures(router: AnyRouter): RestProcedure[] {
  return Object.entries(proceduresOf(router)).flatMap(([path, procedure]) => {
    const meta = procedure.meta as ShopMeta | undefined;
    if (!meta?.openapi || meta.openapi.enabled === false) return [];
    return [{ path, meta, openapi: meta.openapi, input: inputOf(procedure), output: meta.output }];
  });
}
