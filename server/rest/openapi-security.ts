import type { AnyRouter } from '@trpc/server';
import { forEachOpenApiProcedure, normalizePath } from 'trpc-to-openapi';
import { adminProcedure } from '../trpc/init';

/** The administrator's session cookie; an API token (bearer) scheme can sit beside it later. */
export const securitySchemes = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'turnery.sid',
    description: 'The session cookie set by POST /api/admin/login. Only administrator operations need it.',
  },
} as const;

interface OperationObject {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}

/**
 * Gives every operation its real security, read from the procedure itself: one built on adminProcedure needs
 * the administrator's session; every other operation needs nothing (and never answers 401; a read never 403).
 */
export function applySecurity(router: AnyRouter, paths: Record<string, Record<string, OperationObject> | undefined>) {
  const adminMiddleware = (adminProcedure as unknown as { _def: { middlewares: unknown[] } })._def.middlewares.at(-1);
  forEachOpenApiProcedure(router._def.procedures as Parameters<typeof forEachOpenApiProcedure>[0], ({ procedure, meta: { openapi } }) => {
    const operation = paths[normalizePath(openapi.path)]?.[openapi.method.toLowerCase()];
    if (!operation) return;
    const middlewares = (procedure as unknown as { _def: { middlewares: unknown[] } })._def.middlewares;
    if (middlewares.includes(adminMiddleware)) {
      operation.security = [{ sessionCookie: [] }];
    } else {
      operation.security = [];
      delete operation.responses?.['401'];
      // A write from another site is still refused (403), so only reads lose it.
      if (openapi.method === 'GET') delete operation.responses?.['403'];
    }
  });
}
