import { z } from 'zod';
import { MAX_ID } from '../domain/ids';

// The building blocks of the answers' schemas, shared by the modules so the API document states each kind of
// field the same way everywhere: its type, format or pattern, and an example. The output schemas are also what
// the procedures check their answers against, so what the document says is what the server sends.

/** Entity money on the wire (docs/decisions.md D2): a decimal string with exactly two places, e.g. "45.00". */
export const MONEY_PATTERN = /^\d+\.\d{2}$/;

export const money = (description: string, example = '45.00') =>
  z
    .string()
    .regex(MONEY_PATTERN)
    .meta({ description: `${description}: US dollars as a decimal string with two places (never a JSON number)`, examples: [example] });

/** A row's id (docs/decisions.md D1): a whole number from 1. */
export const rowId = (description: string, example = 12) =>
  z
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .meta({ description, examples: [example] });

/** A whole number of 0 or more (counts, quantities, totals of pages). */
export const count = (description: string, example = 3) =>
  z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .meta({ description, examples: [example] });

/** A moment, as JavaScript's toISOString writes it (UTC, milliseconds). */
export const timestamp = (description: string) =>
  z.iso.datetime().meta({
    description: `${description} (ISO 8601, UTC)`,
    examples: ['2026-11-24T15:04:05.000Z'],
    // format: date-time says it; zod's long pattern for it would only hide that from a reader.
    override: ({ jsonSchema }) => void delete jsonSchema.pattern,
  });

/** An image's address: absolute (http or https) or a path on this site, such as the shipped /images/... drawings. */
export const imageAddress = (description: string, example = '/images/products/walnut-yarn-bowl-swirl-slot.svg') =>
  z.string().meta({ description: `${description}: an http(s) URL or a path on this site`, format: 'uri-reference', examples: [example] });

/** An email address the shop holds (checked as one when it came in). */
export const emailAddress = (description: string, example = 'ada@example.com') =>
  z.string().meta({ description, format: 'email', examples: [example] });

/** The answer of a write that has nothing more to say. */
export const successOutput = z
  .object({ success: z.literal(true).meta({ description: 'Always true: a failure is an error answer instead' }) })
  .meta({ id: 'Success', description: 'The write was done.', examples: [{ success: true }] });

/** An answer's schema as a named component of the API document, with a whole example (checked by the type). */
export const named = <T extends z.ZodType>(schema: T, id: string, description: string, example: z.output<T>): T =>
  schema.meta({ id, description, examples: [example] });

/**
 * A request body's schema as a named component of the API document, with a whole example of what a client sends
 * (set by `override`: zod leaves examples out of the input side of a schema that transforms its values).
 */
export const namedInput = <T extends z.ZodType>(schema: T, id: string, description: string, example: z.input<T>): T =>
  schema.meta({ id, description, override: { examples: [example] } });

const requestBodies = new WeakMap<z.ZodType, z.ZodObject>();

/**
 * The input of a write whose path carries parameters (PUT /products/{id}): the path's values beside a named body.
 * The API document then names the body as the body alone (server/rest/openapi-bodies.ts).
 */
export function withPathParameters<S extends z.ZodRawShape, P extends z.ZodRawShape>(body: z.ZodObject<S>, path: P) {
  // safeExtend keeps the body's refinements; its generic type cannot be spelled for any S and P, hence the cast.
  const input = body.safeExtend(path as never) as unknown as z.ZodObject<S & P>;
  requestBodies.set(input, body);
  return input;
}

/** The named body inside a procedure's input: the input itself unless it was made by withPathParameters. */
export const requestBodyOf = (input: z.ZodType): z.ZodType => requestBodies.get(input) ?? input;
