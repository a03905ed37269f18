import { Ajv, type ValidateFunction } from 'ajv';
import { openApiDocument } from '../../server/rest/openapi';
import { addSchemaFormats } from './schema-formats';

// The API document against what the server really answers: every response the API tests receive from a documented
// operation must have a documented status and, when JSON, a body its schema accepts. Installed for every test
// file (tests/support/contract-setup.ts), so the document and the server cannot drift apart unnoticed.

interface DocumentedResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface DocumentedOperation {
  responses?: Record<string, DocumentedResponse>;
}

const document = openApiDocument() as unknown as {
  components: unknown;
  paths: Record<string, Record<string, DocumentedOperation>>;
};
const ajv = addSchemaFormats(new Ajv({ strict: false }));
ajv.addSchema({ components: document.components }, 'doc');

/** Documented operations, the paths without parameters first (so /products/featured wins over /products/{id}). */
const operations = Object.entries(document.paths)
  .flatMap(([template, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^/api${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      parameters: (template.match(/\{/g) ?? []).length,
      operation,
    })),
  )
  .sort((a, b) => a.parameters - b.parameters);

const validators = new Map<DocumentedResponse, ValidateFunction>();

function validatorOf(response: DocumentedResponse): ValidateFunction | undefined {
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return undefined;
  let validate = validators.get(response);
  if (!validate) {
    validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components')) as object);
    validators.set(response, validate);
  }
  return validate;
}

/** What is wrong with this answer of the server by the document, or undefined when it matches (or is no operation's). */
export function contractProblem(method: string, url: URL, status: number, contentType: string, text: string): string | undefined {
  const found = operations.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
  if (!found) return undefined;
  const name = `${method} ${found.template} (${url.pathname}${url.search})`;
  const response = found.operation.responses?.[String(status)] ?? found.operation.responses?.default;
  if (!response) return `${name} answered ${status}, which the document does not list`;
  const validate = validatorOf(response);
  if (!validate) return undefined;
  if (!contentType.startsWith('application/json')) return `${name} answered ${status} as ${contentType}, not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${name} answered ${status} with a body that is not JSON`;
  }
  return validate(body) ? undefined : `${name} answered ${status} with a body the document refuses: ${ajv.errorsText(validate.errors)}`;
}
