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
  // A lone UTF-16 surrogate: valid JSON, but no UTF-8 encodes it.
  'half \ud800 a pair',
];

export const BAD_PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  "1' or 1=1--",
  '%00',
  'NaN',
  '%E0%A4%A',
  '%FF',
  '%C3%28',
];

/** Query values that are not percent-encoded UTF-8 (a lone byte, a cut sequence, an overlong encoding of '/'). */
export const BAD_QUERY_TEXT = ['%FF', '%C3%28', '%E0%A4%A', '%C0%AF'];

/** JSON bodies whose bytes are not UTF-8: Latin-1 text, a stray byte, a sequence cut short. */
export const BAD_UTF8_BODIES: Uint8Array<ArrayBuffer>[] = [
  Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0x5a, 0x6f, 0xeb, 0x22, 0x7d]), // {"name":"Zoë"} in Latin-1
  Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
  Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xe6, 0xbc]), Buffer.from('"}')]),
];

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
