import { isDeepStrictEqual } from 'node:util';
import type { AnyRouter } from '@trpc/server';
import { normalizePath } from './rest-paths';
import { restProcedures } from './procedures';
import { z } from 'zod';
import { createSchema } from 'zod-openapi';
import { requestBodyOf } from '../contract/wire-schemas';

type Schema = Record<string, unknown>;

interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/**
 * The document's paths (openapi-paths.ts) write every request body inline (a copy of the input schema, to leave the
 * path's values out, and the copy loses its name). A body whose schema is named (`namedInput`, or `withPathParameters` for a write at a
 * path with parameters) becomes that named component, rendered by zod-openapi from the schema itself, and the
 * operation refers to it. The body's fields must be the component's, or the document is not made.
 */
export function nameRequestBodies(
  router: AnyRouter,
  paths: Record<string, Record<string, Operation> | undefined>,
  schemas: Record<string, unknown>,
) {
  for (const { openapi, input } of restProcedures(router)) {
    const media = paths[normalizePath(openapi.path)]?.[openapi.method.toLowerCase()]?.requestBody?.content?.['application/json'];
    if (!media?.schema) continue;
    const body = requestBodyOf(input);
    const name = z.globalRegistry.get(body)?.id;
    if (!name) continue;
    const rendered = createSchema(body, { io: 'input', openapiVersion: '3.1.0' });
    for (const [key, component] of Object.entries(rendered.components ?? {})) {
      if (schemas[key] !== undefined && !isDeepStrictEqual(schemas[key], component)) {
        throw new Error(`Two different schemas are named ${key} in the API document`);
      }
      schemas[key] = component;
    }
    const fields = (schema: unknown) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {}).sort();
    if (!isDeepStrictEqual(fields(media.schema), fields(schemas[name]))) {
      throw new Error(`${openapi.method} ${openapi.path}: its body's fields are not those of ${name}`);
    }
    media.schema = rendered.schema as Schema;
  }
}
