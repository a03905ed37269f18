import type { AnyRouter } from '@trpc/server';
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { restProcedures, type RestProcedure } from './procedures';
import { secureOperation } from './openapi-security';
import { normalizePath, pathParameters } from './rest-paths';

// The paths of the API document, one operation per procedure with `meta.openapi`, built from the procedure's public
// meta alone (its REST path and texts, withInput's `meta.input`, withOutput's `meta.output`) and rendered by
// zod-openapi's createDocument (openapi.ts). It describes each operation as trpc-to-openapi's generator did, which
// read tRPC's private `_def`: path values and (for GET and DELETE) the other fields as parameters, else a body.

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Operation = ZodOpenApiOperationObject;

/** Every procedure's operation, by normalized path and method, in the router's order. */
export function restPaths(router: AnyRouter): ZodOpenApiPathsObject {
  const paths: Record<string, Partial<Record<Method, Operation>>> = {};
  for (const procedure of restProcedures(router)) {
    const path = normalizePath(procedure.openapi.path);
    const method = procedure.openapi.method.toLowerCase() as Method;
    try {
      if (paths[path]?.[method]) throw new Error(`Duplicate procedure defined for route ${procedure.openapi.method} ${path}`);
      paths[path] = { ...paths[path], [method]: operationOf(procedure, path) };
    } catch (error) {
      throw new Error(`[${procedure.path}] ${(error as Error).message}`, { cause: error });
    }
  }
  return paths;
}

function operationOf({ path: procedurePath, meta, openapi, input, output }: RestProcedure, path: string): Operation {
  if (!output) throw new Error('The procedure has no output schema: give it one with .concat(withOutput(schema))');
  const parameters = pathParameters(path);
  const request = parameters.length > 0 || !voidLike(unwrap(input)) ? requestOf(input, meta.input !== undefined, openapi, parameters) : {};
  const operation = {
    operationId: openapi.operationId ?? procedurePath.replace(/\./g, '-'),
    summary: openapi.summary,
    description: openapi.description,
    tags: openapi.tags,
    // Set from the procedure's access below (secureOperation); the key keeps its place in the operation.
    security: undefined,
    ...request,
    responses: responsesOf(output, openapi, !voidLike(unwrap(input))),
    ...(openapi.deprecated ? { deprecated: openapi.deprecated } : {}),
  };
  return secureOperation(operation, meta.access, openapi.method);
}

/**
 * The parameters and body of an operation whose procedure declared an input: the path's values are path parameters;
 * the other fields are query parameters for GET and DELETE, else the JSON body. A field of the input (or the input)
 * that may be left out is an optional parameter.
 */
function requestOf(input: z.ZodType, declared: boolean, openapi: RestProcedure['openapi'], parameters: string[]): Partial<Operation> {
  if (!declared) return {};
  const object = withTexts(unwrap(input), input);
  if (!(object instanceof z.ZodObject)) throw new Error('Input parser must be a ZodObject');
  const required = !input.safeParse(undefined).success;
  const inBody = openapi.method !== 'GET' && openapi.method !== 'DELETE';
  const requestParams = {
    ...(openapi.requestHeaders ? { header: openapi.requestHeaders } : {}),
    ...parametersOf(object, required, parameters, inBody),
  };
  if (!inBody) return { requestParams };
  const requestBody = bodyOf(object, required, parameters);
  return { requestBody, requestParams };
}

/** The path parameters and (without a body) the query parameters, each as the input's field says. */
function parametersOf(object: z.ZodObject, required: boolean, parameters: string[], inBody: boolean) {
  const shape = object.shape as Record<string, z.ZodType>;
  for (const name of parameters) {
    if (!(name in shape)) throw new Error(`Input parser expects key from path: "${name}"`);
  }
  const path: Record<string, z.ZodType> = {};
  const query: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(shape)) {
    const inPath = parameters.includes(name);
    if (inBody && !inPath) continue;
    let schema = field;
    if (schema instanceof z.ZodOptional) {
      if (inPath) throw new Error(`Path parameter: "${name}" must not be optional`);
      schema = schema.unwrap() as z.ZodType;
    }
    const isRequired = inPath || (required && !field.safeParse(undefined).success);
    (inPath ? path : query)[name] = isRequired ? schema : schema.optional();
  }
  return { path: z.object(path), query: z.object(query) };
}

/** The JSON body: the input's fields less the path's values; none when the path holds them all. */
function bodyOf(object: z.ZodObject, required: boolean, parameters: string[]) {
  const shape = Object.fromEntries(Object.entries(object.shape).filter(([name]) => !parameters.includes(name)));
  let body: z.ZodObject;
  try {
    // The mask's keys are the path's names, known only when the document is made, so its type cannot be checked.
    body = object.omit(Object.fromEntries(parameters.map((name) => [name, true])) as never);
  } catch {
    // zod refuses .omit() on an object with refinements: the fields alone, then.
    body = z.object(shape);
  }
  body = withTexts(body, object) as z.ZodObject;
  if (parameters.length > 0 && Object.keys(body.shape).length === 0) return undefined;
  return { required, content: { 'application/json': { schema: body } } };
}

/**
 * The answers: the output's schema for 200, and the failures every operation may have (described by
 * operation-failures.ts and openapi-errors.ts, which also give each its `Error` body).
 */
function responsesOf(output: z.ZodType, openapi: RestProcedure['openapi'], hasInput: boolean): Record<string, ZodOpenApiResponseObject> {
  const protect = openapi.protect ?? true;
  return {
    200: {
      description: openapi.successDescription ?? 'Successful response',
      headers: openapi.responseHeaders,
      content: {
        'application/json': {
          schema: output.type === 'void' ? {} : output.type === 'never' || output.type === 'undefined' ? { not: {} } : output,
        },
      },
    },
    ...(protect ? { 401: { description: 'Authorization not provided' }, 403: { description: 'Insufficient access' } } : {}),
    ...(hasInput
      ? { 400: { description: 'Invalid input data' }, ...(openapi.method !== 'POST' ? { 404: { description: 'Not found' } } : {}) }
      : {}),
    500: { description: 'Internal server error' },
  };
}

/** The schema inside the wrappers that let an input be left out (optional, nullable, default). */
function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return unwrap(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodDefault) return unwrap(schema.removeDefault() as z.ZodType);
  return schema;
}

const voidLike = (schema: z.ZodType) => schema.type === 'void' || schema.type === 'undefined' || schema.type === 'never';

/** `schema` with the title, description and examples of `from` (and no name of its own: the body is rendered inline). */
function withTexts(schema: z.ZodType, from: z.ZodType): z.ZodType {
  const texts = from.meta();
  return schema.meta({
    ...(texts?.title ? { title: texts.title } : {}),
    ...(texts?.description ? { description: texts.description } : {}),
    ...(texts?.examples ? { examples: texts.examples } : {}),
  });
}
