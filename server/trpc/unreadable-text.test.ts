import { describe, expect, it } from 'vitest';
import { unreadableText } from './unreadable-text';

describe('unreadableText', () => {
  it('names each field holding a NUL or a lone surrogate, however deep', () => {
    expect(
      unreadableText({
        firstName: 'Ada\u0000',
        items: [{ name: 'ok' }, { name: 'bad \ud800 half' }],
        note: 'end \udc00',
      }),
    ).toEqual([
      { path: ['firstName'], message: 'may not contain NUL characters (\\u0000)' },
      { path: ['items', 1, 'name'], message: expect.stringContaining('lone surrogate') as string },
      { path: ['note'], message: expect.stringContaining('lone surrogate') as string },
    ]);
  });

  it('passes real text: emoji (a surrogate pair), accents, CJK, and other types', () => {
    expect(unreadableText({ a: '😀 ünïcödé 漢字', b: 1, c: null, d: [true, 'x'] })).toEqual([]);
    expect(unreadableText('plain')).toEqual([]);
  });

  it('looks at the names of fields too', () => {
    expect(unreadableText({ 'a\u0000b': 1 })).toEqual([
      { path: ['a\u0000b'], message: '(its name) may not contain NUL characters (\\u0000)' },
    ]);
  });
});
