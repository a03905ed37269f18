import { expect, it } from 'vitest';
import { PAGES } from '../server/domain/pages';

it('gives every page of server/domain/pages.ts its file in src/routes, and every file there a page', () => {
  const files = Object.keys(import.meta.glob('./routes/*.tsx')).map((file) => file.replace(/^\.\/routes\/(.+)\.tsx$/, '$1'));
  expect(PAGES.map((page) => page.file).sort()).toEqual(files.sort());
});
