import { describe, expect, it } from 'vitest';
import { hasNulEscape, jsonDepth } from './json-body';

describe('jsonDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepth(Buffer.from('{"a":1}'))).toBe(1);
    expect(jsonDepth(Buffer.from('{"a":[{"b":[]}]}'))).toBe(4);
    expect(jsonDepth(Buffer.from('{"a":"[[[[{{{{"}'))).toBe(1);
    expect(jsonDepth(Buffer.from('{"a":"quote \\" then [[["}'))).toBe(1);
    expect(jsonDepth(Buffer.from('['.repeat(5000) + ']'.repeat(5000)))).toBe(5000);
  });
});

describe('hasNulEscape', () => {
  it('finds the escape \\u0000, but not the text \\\\u0000 (an escaped backslash followed by u0000)', () => {
    expect(hasNulEscape(Buffer.from(String.raw`{"name":"Ada\u0000"}`))).toBe(true);
    expect(hasNulEscape(Buffer.from(String.raw`{"name":"C:\\u0000"}`))).toBe(false);
    expect(hasNulEscape(Buffer.from(String.raw`{"name":"C:\\\u0000"}`))).toBe(true);
    expect(hasNulEscape(Buffer.from('{"name":"Ada"}'))).toBe(false);
  });
});
