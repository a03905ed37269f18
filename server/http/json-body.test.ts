import { describe, expect, it } from 'vitest';
import { jsonDepth } from './json-body';

describe('jsonDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepth(Buffer.from('{"a":1}'))).toBe(1);
    expect(jsonDepth(Buffer.from('{"a":[{"b":[]}]}'))).toBe(4);
    expect(jsonDepth(Buffer.from('{"a":"[[[[{{{{"}'))).toBe(1);
    expect(jsonDepth(Buffer.from('{"a":"quote \\" then [[["}'))).toBe(1);
    expect(jsonDepth(Buffer.from('['.repeat(5000) + ']'.repeat(5000)))).toBe(5000);
  });
});
