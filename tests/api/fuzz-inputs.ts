// Malformed values for the fuzz test: every kind of bad input a client or an attacker may send.

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });

export const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  -999999999999,
  0,
  1.5,
  Number.POSITIVE_INFINITY, // JSON sends it as null
  'NaN',
  '',
  ' ',
  'x'.repeat(20_000),
  '\u0000\u202e\ud83d\ude00 ünïcödé 漢字',
  "'; drop table product; --",
  "1' or '1'='1",
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '%_\\',
  [],
  [1, 'two', null],
  {},
  { $gt: '' },
  deep(40),
  '2020-13-45',
  'not-an-email',
];

export const BAD_PATH_VALUES = ['abc', '-1', '0', '1.5', '1e3', '99999999999999999999', "1' or 1=1--", '%00', 'NaN', '%E0%A4%A'];

export const BAD_RAW_BODIES: { contentType: string | undefined; body: string }[] = [
  { contentType: 'application/json', body: '{"unterminated' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '[]' },
  { contentType: 'application/json', body: '"just a string"' },
  { contentType: 'application/json', body: '['.repeat(5000) + ']'.repeat(5000) },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { contentType: 'application/xml', body: '<a>1</a>' },
  { contentType: undefined, body: '{"a":1}' },
];

/** A body whose every property is wrong, so it can never be a valid request however lenient the schema. */
export function wrongBody(properties: string[], pick: (i: number) => unknown, extra: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  properties.forEach((name, i) => (body[name] = pick(i)));
  if (extra) body.unexpectedField = { nested: ['extra', 1] };
  return body;
}
