import { expect, it } from 'vitest';
import { PAGES } from '../server/domain/pages';

// Several pages may share a file (the owner's pages: /privacy, /terms... are one route file, which reads its address).
it('gives every page of server/domain/pages.ts its file in src/routes, and every file there a page', () => {
  const files = Object.keys(import.meta.glob('./routes/*.tsx')).map((file) => file.replace(/^\.\/routes\/(.+)\.tsx$/, '$1'));
  expect([...new Set(PAGES.map((page) => page.file))].sort()).toEqual(files.sort());
});
