import type { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * trpc-to-openapi switches on zod's coercion for every number and boolean field of a REST input (so query
 * strings parse), also for JSON bodies: then `null` would become 0 and `"false"` true. Wrapping a field in a
 * pipe hides it from that rewrite, so a JSON body must send a real number or boolean.
 */
export function noCoerce<T extends z.ZodType>(schema: T) {
  return schema.pipe(schema as unknown as $ZodType<unknown, z.output<T>>) as unknown as z.ZodPipe<T, T>;
}
