import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths';

// The lint refuses each private surface of a library (D31), each arrow docs/architecture.md forbids (an import of a
// module past its index.ts among them) and a cycle of imports: each is planted here in a file the lint reads as
// server code, and the lint must name it.

// The lint of every planted file at once: generous, as it once built the TypeScript program too (about 12 s alone,
// over the default 30 on a busy 2-core machine beside other test files).
const LINT = { timeout: 120_000 };

/** A file planted for the lint: `code` written for a moment at `at`, a folder the lint reads as server code. */
interface Planted {
  code: string;
  at: string;
  /** The file's name without `.ts`, for code that imports it; a random one when not given. */
  name?: string;
}
/** Names the planted files of this run, so that two runs beside each other never write the same file. */
const RUN = randomBytes(4).toString('hex');
const planted: Planted[] = [];
let linted: Promise<Map<Planted, string[]>> | undefined;

/**
 * The rules that refused `code` at `at`, each as `rule: message`. Every file the tests plant is written before the
 * first answer and linted in one run (the type-aware lint reads only files the TypeScript project has on disk, and
 * builds that project once per run), then removed.
 */
async function refusals(code: string, at = 'server/modules/products'): Promise<string[]> {
  const file = planted.find((one) => one.code === code && one.at === at);
  if (!file) throw new Error(`plant the code first: ${code}`);
  linted ??= lintPlanted();
  return (await linted).get(file)!;
}

/** Adds `code` at `at` to the files the lint reads at the first `refusals` (this file plants everything before its tests run). */
function plant(code: string, at = 'server/modules/products', name?: string): void {
  planted.push({ code, at, name });
}

/** The rules whose refusals this file checks. */
const CHECKED_RULES = /^(no-restricted|boundaries|import-x)/;

async function lintPlanted(): Promise<Map<Planted, string[]>> {
  const files = planted.map((one) => path.join(projectRoot, one.at, `${one.name ?? `planted-${randomBytes(4).toString('hex')}`}.ts`));
  await Promise.all(files.map((file, index) => writeFile(file, planted[index]!.code)));
  try {
    // The lint's config ignores planted files, so that `npm run lint` beside this test never reads them. Only the rules
    // this file holds to run, without the TypeScript program the type-aware rules read (none of these reads types):
    // building it cost 12 s of one core's time.
    const results = await new ESLint({
      ignore: false,
      ruleFilter: ({ ruleId }) => CHECKED_RULES.test(ruleId),
      overrideConfig: { files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: false } } },
    }).lintFiles(files);
    return new Map(
      planted.map((one, index) => {
        const result = results.find((candidate) => candidate.filePath === files[index])!;
        const fatal = result.messages.find((message) => message.fatal);
        if (fatal) throw new Error(fatal.message);
        const messages = result.messages
          .filter((message) => CHECKED_RULES.test(message.ruleId ?? ''))
          .map((message) => `${message.ruleId}: ${message.message}`);
        return [one, messages];
      }),
    );
  } finally {
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}

const PRIVATE_SURFACES: [name: string, code: string, refusal: RegExp][] = [
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
    "MikroORM's native-client guard",
    "import type { EntityManager } from '@mikro-orm/postgresql';\nexport const pool = (em: EntityManager) => (em.getConnection() as unknown as { requireNativeClient(c: unknown): unknown }).requireNativeClient(undefined);",
    /native-client guard/,
  ],
  [
    "the ORM's Kysely driver lending connections",
    'export const lend = (driver: { acquireConnection(): Promise<unknown> }) => driver.acquireConnection();',
    /lends connections/,
  ],
  [
    "Kysely's executor",
    "import type { EntityManager } from '@mikro-orm/postgresql';\nexport const executor = (em: EntityManager) => em.getKysely().getExecutor();",
    /Kysely's executor/,
  ],
  [
    'a require from inside another package',
    "import { createRequire } from 'node:module';\nexport const inner = createRequire(createRequire(import.meta.url).resolve('@react-email/components'));",
    /another package's folder/,
  ],
  ["a package's built files", "export { render } from '@react-email/render/dist/index.js';", /deep import/],
  [
    "trpc-to-openapi's helpers that read _def",
    "import { getInputOutputParsers } from 'trpc-to-openapi';\nexport const parsers = getInputOutputParsers;",
    /private _def/,
  ],
  [
    "trpc-to-openapi's document generator, which reads _def",
    "import { generateOpenApiDocument } from 'trpc-to-openapi';\nexport const generate = generateOpenApiDocument;",
    /private _def/,
  ],
  [
    "an output kept in tRPC's _def alone",
    "import { z } from 'zod';\nimport { publicProcedure } from '../../trpc/init';\nexport const echo = publicProcedure.output(z.string().max(9)).query(() => 'ok');",
    /withOutput/,
  ],
  [
    "an input kept in tRPC's _def alone",
    "import { z } from 'zod';\nimport { publicProcedure } from '../../trpc/init';\nexport const echo = publicProcedure.input(z.string().max(9)).query(({ input }) => input);",
    /withInput/,
  ],
];
const PUBLIC_API = "import { initTRPC } from '@trpc/server';\nexport const t = initTRPC.create();";
const FORBIDDEN_ARROWS: [name: string, at: string, code: string, refusal: RegExp][] = [
  [
    'a module importing server/http',
    'server/modules/orders',
    "import { errorBody } from '../../http/errors';\nexport const body = errorBody(400, 'no');",
    /server\/modules\/<m> may import only/,
  ],
  [
    'a module importing the code that builds the services',
    'server/modules/orders',
    "import { createServices } from '../../services';\nexport const build = createServices;",
    /server\/modules\/<m> may import only/,
  ],
  [
    'a module importing the REST mirror',
    'server/modules/products',
    "import { openApiDocument } from '../../rest/openapi';\nexport const document = openApiDocument;",
    /server\/modules\/<m> may import only/,
  ],
  [
    'server/domain importing a module',
    'server/domain',
    "import { productOutput } from '../modules/products/product.schema';\nexport const product = productOutput;",
    /server\/domain is pure logic/,
  ],
  [
    'server/db importing server/trpc',
    'server/db',
    "import { AppError } from '../trpc/errors';\nexport const error = new AppError('NOT_FOUND', 'gone');",
    /server\/db may import only/,
  ],
  [
    'server/db importing a module beyond its entities',
    'server/db',
    "import { shopCards } from '../modules/products/products.service';\nexport const cards = shopCards;",
    /server\/db may import only/,
  ],
  [
    'the wire contract importing a module (not a type)',
    'server/contract',
    "import { MailService } from '../modules/mail/mail.service';\nexport const mail = MailService;",
    /server\/contract may import only/,
  ],
  [
    "a module importing another module's file past its index",
    'server/modules/commissions',
    "import { orderMailSettings } from '../orders/order-mail-settings';\nexport const settings = orderMailSettings;",
    /A module is reached only through its index/,
  ],
  [
    "server/http importing a module's file past its index",
    'server/http',
    "import { sitemapProducts } from '../modules/products/products.service';\nexport const sitemap = sitemapProducts;",
    /A module is reached only through its index/,
  ],
  [
    'server/trpc importing the page renderer',
    'server/trpc',
    "import { PageRenderer } from '../http/page-renderer';\nexport const pages = PageRenderer;",
    /server\/trpc may import only/,
  ],
];
const ALLOWED_ARROWS = [
  "import { money } from '../../contract/wire-schemas';",
  "import { publicProcedure, withOutput } from '../../trpc/init';",
  "import { billingAddressInput } from '../orders';",
  "export const price = publicProcedure.concat(withOutput(money('Price'))).query(() => '45.00');",
  'export const billing = billingAddressInput;',
].join('\n');
// Two files that import each other: a cycle (and, through the index files, a cycle between two modules is one too).
const CYCLE = [`planted-cycle-a-${RUN}`, `planted-cycle-b-${RUN}`] as const;
const CYCLE_CODE = [
  `import { b } from './${CYCLE[1]}';\nexport const a = (): unknown => b;`,
  `import { a } from './${CYCLE[0]}';\nexport const b = (): unknown => a;`,
] as const;
for (const [, code] of PRIVATE_SURFACES) plant(code);
plant(CYCLE_CODE[0], 'server/modules/orders', CYCLE[0]);
plant(CYCLE_CODE[1], 'server/modules/orders', CYCLE[1]);
plant(PUBLIC_API);
for (const [, at, code] of FORBIDDEN_ARROWS) plant(code, at);
plant(ALLOWED_ARROWS);

describe('the lint refuses private surfaces (D31)', LINT, () => {
  it.each(PRIVATE_SURFACES)('refuses %s', async (_name, code, expected) => {
    expect(await refusals(code)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });

  it('lets public APIs through', async () => {
    expect(await refusals(PUBLIC_API)).toEqual([]);
  });
});

describe('the lint refuses the arrows docs/architecture.md forbids', LINT, () => {
  it.each(FORBIDDEN_ARROWS)('refuses %s', async (_name, at, code, expected) => {
    expect(await refusals(code, at)).toEqual([expect.stringMatching(new RegExp(`^boundaries/dependencies: ${expected.source}`))]);
  });

  it("lets a module use the wire contract, the procedures and another module's index", async () => {
    expect(await refusals(ALLOWED_ARROWS)).toEqual([]);
  });
});

describe('the lint refuses a cycle of imports', LINT, () => {
  it('names both files of a planted cycle', async () => {
    for (const code of CYCLE_CODE) {
      expect(await refusals(code, 'server/modules/orders')).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
    }
  });
});
