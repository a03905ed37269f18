import { describe, expect, it } from 'vitest';
import { firstBadUtf8Byte, jsonDepth } from './json-body';

describe('jsonDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepth(Buffer.from('{"a":1}'))).toBe(1);
    expect(jsonDepth(Buffer.from('{"a":[{"b":[]}]}'))).toBe(4);
    expect(jsonDepth(Buffer.from('{"a":"[[[[{{{{"}'))).toBe(1);
    expect(jsonDepth(Buffer.from('{"a":"quote \\" then [[["}'))).toBe(1);
    expect(jsonDepth(Buffer.from('['.repeat(5000) + ']'.repeat(5000)))).toBe(5000);
  });
});

describe('firstBadUtf8Byte', () => {
  it('finds the first byte that is not UTF-8, and passes real UTF-8 text', () => {
    expect(firstBadUtf8Byte(Buffer.from('{"name":"Zoë 漢字 😀"}'))).toBe(-1);
    expect(firstBadUtf8Byte(Buffer.concat([Buffer.from('{"name":"Zo'), Buffer.from([0xff]), Buffer.from('"}')]))).toBe(11);
    // é in Latin-1, as a client that ignores the charset might send it; and a UTF-8 sequence cut short.
    expect(firstBadUtf8Byte(Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]))).toBe(2);
    expect(firstBadUtf8Byte(Buffer.from([0x22, 0xe6, 0xbc]))).toBe(1);
  });
});
