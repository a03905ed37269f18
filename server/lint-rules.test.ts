import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths';

// The lint refuses each private surface of a library (D31) and each arrow docs/architecture.md forbids: each is
// planted here in a file the lint reads as server code, and the lint must name it.

const eslint = new ESLint();

/**
 * The messages of the rules that refused `code`, written for a moment as a file at `at` (the type-aware lint reads
 * only files the TypeScript project has on disk), then removed.
 */
async function refusals(code: string, at = 'server/modules/products'): Promise<string[]> {
  const file = path.join(projectRoot, at, `planted-${randomBytes(4).toString('hex')}.ts`);
  await writeFile(file, code);
  try {
    const [result] = await eslint.lintFiles([file]);
    const fatal = result!.messages.find((message) => message.fatal);
    if (fatal) throw new Error(fatal.message);
    return result!.messages.filter((message) => /^(no-restricted|boundaries)/.test(message.ruleId ?? '')).map((message) => message.message);
  } finally {
    await rm(file, { force: true });
  }
}

describe('the lint refuses private surfaces (D31)', () => {
  it.each([
    [
      "tRPC's unstable core",
      "import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';\nexport const shape = getErrorShape;",
      /unstable core/,
    ],
    [
      "tRPC's _def",
      "import { appRouter } from '../../trpc/app-router';\nexport const procedures = appRouter._def.procedures;",
      /_def is internal/,
    ],
    ['pino.symbols', "import { pino } from 'pino';\nexport const stream = pino.symbols.streamSym;", /pino\.symbols/],
    [
      'a patched prototype',
      "import { AsyncLocalStorage } from 'node:async_hooks';\nAsyncLocalStorage.prototype.run = () => undefined;",
      /prototype/,
    ],
    ['a borrowed prototype', 'export const request = Object.setPrototypeOf({}, Object.create(null));', /prototype/],
    [
      "knex's connection mark",
      'export function drop(connection: { __knex__disposed?: unknown }) {\n  connection.__knex__disposed = true;\n}',
      /connection marks/,
    ],
    [
      "knex's connection lending",
      'export const lend = (client: { acquireConnection(): Promise<unknown> }) => client.acquireConnection();',
      /lends connections/,
    ],
    [
      "knex's client",
      "import type { EntityManager } from '@mikro-orm/postgresql';\nexport const pool = (em: EntityManager) => em.getConnection().getKnex().client;",
      /knex's client/,
    ],
    [
      'a require from inside another package',
      "import { createRequire } from 'node:module';\nexport const inner = createRequire(createRequire(import.meta.url).resolve('@react-email/components'));",
      /another package's folder/,
    ],
    ["a package's built files", "export { render } from '@react-email/render/dist/index.js';", /deep import/],
  ])('refuses %s', async (_name, code, expected) => {
    expect(await refusals(code)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });

  it('lets public APIs through', async () => {
    expect(await refusals("import { initTRPC } from '@trpc/server';\nexport const t = initTRPC.create();")).toEqual([]);
  });
});
