import type { Ajv } from 'ajv';

// The string formats the API document uses, checked as the server writes them: so the contract check (and the
// examples' check) fail on a date, an address or a link the document promises but the answer does not keep.
const FORMATS: Record<string, (value: string) => boolean> = {
  'date-time': (value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => URL.canParse(value),
  'uri-reference': (value) => URL.canParse(value, 'http://shop.invalid/'),
  binary: () => true,
};

export function addSchemaFormats(ajv: Ajv): Ajv {
  for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}
