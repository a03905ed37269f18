import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './slugify';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Caring for   Your Cutting Board  ', 'caring-for-your-cutting-board'],
    ['Maple & Walnut: A Love Story!', 'maple-walnut-a-love-story'],
    ['Top 10 Yarn-Bowls', 'top-10-yarn-bowls'],
    ['a -- b', 'a-b'],
    ['--Leading and trailing--', 'leading-and-trailing'],
    ['Crème Brûlée Bowls', 'creme-brulee-bowls'],
    ['Tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['snake_case_title', 'snakecasetitle'],
    ['!!!', ''],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('produces slugs that pass the validation pattern', () => {
    expect(SLUG_PATTERN.test(slugify('Why Ash? Why Now — 2024 Edition'))).toBe(true);
  });
});

describe('SLUG_PATTERN', () => {
  it('allows only lowercase letters, numbers and hyphens', () => {
    expect(SLUG_PATTERN.test('my-post-2')).toBe(true);
    expect(SLUG_PATTERN.test('My-Post')).toBe(false);
    expect(SLUG_PATTERN.test('my post')).toBe(false);
    expect(SLUG_PATTERN.test('my_post')).toBe(false);
    expect(SLUG_PATTERN.test('')).toBe(false);
  });
});
