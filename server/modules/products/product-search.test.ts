import { describe, expect, it } from 'vitest';
import { escapeLike } from './product-search';

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('leaves other text, quotes included, as it is', () => {
    expect(escapeLike("O'Brien's bowl")).toBe("O'Brien's bowl");
  });
});
