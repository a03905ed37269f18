import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths';

// A comment citing D13 or docs/payments.md must lead a reader somewhere: the decision has its heading in
// docs/decisions.md, and every Markdown file named (and every heading a docs link points at) exists.

const CODE_FOLDERS = ['server', 'src', 'tests', 'scripts', 'bench'];
const CODE_FILE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

function filesUnder(folder: string): string[] {
  return fs.readdirSync(path.join(projectRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(file);
    return CODE_FILE.test(entry.name) ? [file] : [];
  });
}

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');
const codeFiles = CODE_FOLDERS.flatMap(filesUnder);
const docFiles = [
  'README.md',
  ...fs
    .readdirSync(path.join(projectRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** `file:line: what` for each match of `pattern` in the given files that `isMissing` refuses. */
function missing(files: string[], pattern: RegExp, isMissing: (match: RegExpMatchArray, file: string) => boolean): string[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(pattern)].filter((match) => isMissing(match, file)).map((match) => `${file}:${index + 1}: ${match[0]}`),
      ),
  );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (file: string) => new Set([...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1]!)));

describe('references from the code to the docs', () => {
  it('finds the heading of every decision number the code and docs cite in docs/decisions.md', () => {
    const decided = new Set([...read('docs/decisions.md').matchAll(/^#{2,4} D(\d+)\./gm)].map((match) => match[1]));
    expect(missing([...codeFiles, ...docFiles], /\bD(\d{1,2})\b/g, (match) => !decided.has(match[1]))).toEqual([]);
  });

  it('finds every Markdown file the code names, from the project root', () => {
    const named = /(?<![\w./-])(?:[\w.-]+\/)*[\w-]+\.md\b/g;
    expect(missing(codeFiles, named, (match) => !fs.existsSync(path.join(projectRoot, match[0])))).toEqual([]);
  });

  it('finds the file and heading of every link between README and docs, and every docs/ file they name', () => {
    const link = /\]\(([^)#\s]+\.md)(?:#([^)\s]+))?\)/g;
    const linkBroken = (match: RegExpMatchArray, file: string) => {
      const target = path.posix.join(path.posix.dirname(file), match[1]!);
      return !fs.existsSync(path.join(projectRoot, target)) || (match[2] !== undefined && !anchorsOf(target).has(match[2]));
    };
    expect(missing(docFiles, link, linkBroken)).toEqual([]);
    expect(missing(docFiles, /\bdocs\/[\w-]+\.md\b/g, (match) => !fs.existsSync(path.join(projectRoot, match[0])))).toEqual([]);
  });
});
