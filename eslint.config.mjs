// The house rules a tool can check (docs/architecture.md says why each exists). `npm run lint` runs Prettier's
// check and then this with --max-warnings 0, so a warning fails as an error does.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CLIENT = ['client', 'feature'];

// The server's parts (docs/architecture.md draws them) and, for each, the parts it may import: every arrow the
// drawing has and no other. A part's own files import each other freely; every part may import server/domain and
// the configuration files (CONFIG: the settings, the logger, the project's paths).
const SERVER_PARTS = ['boot', 'contract', 'module', 'http', 'rest', 'trpc', 'db', 'emails', 'jobs', 'cache', 'images'];
const CONFIG = 'server/{config,config-rules,logger,paths}.ts';
const SERVER_ARROWS = {
  boot: SERVER_PARTS,
  contract: [],
  module: ['module', 'contract', 'trpc', 'db', 'emails', 'images'],
  http: ['module', 'contract', 'trpc', 'db', 'cache', 'images'],
  rest: ['trpc', 'http', 'contract', 'cache'],
  trpc: ['module', 'contract', 'db'],
  db: ['jobs'],
  emails: [],
  jobs: ['module', 'contract', 'db'],
  cache: [],
  images: [],
};
const FOLDER_OF = { boot: 'server/*.ts', module: 'server/modules/<m>' };
const folderOf = (part) => FOLDER_OF[part] ?? `server/${part}`;
const serverArrows = Object.entries(SERVER_ARROWS).map(([part, allowed]) => ({
  from: { element: { type: part } },
  disallow: { to: { element: { type: [...SERVER_PARTS, ...CLIENT].filter((to) => to !== part && !allowed.includes(to)) } } },
  message: `${folderOf(part)} may import only ${[...allowed.map(folderOf), 'server/domain', CONFIG].join(', ')} (docs/architecture.md)`,
}));
// A module's front door: another module, and every part that may import modules, reaches a module only through its
// index.ts, which exports all that the rest of the server may use of it. Read after the arrows above (the last
// policy a dependency matches decides), so a part the arrows keep away from modules keeps its own message.
const FRONT_DOOR = 'A module is reached only through its index (server/modules/<m>/index.ts, docs/architecture.md)';
const MODULE_INDEX = 'index.ts';
const PARTS_USING_MODULES = SERVER_PARTS.filter((part) => SERVER_ARROWS[part].includes('module'));
const frontDoors = [
  {
    from: { element: { type: 'module' } },
    disallow: { to: { element: { type: 'module', captured: { module: '!{{ from.captured.module }}' } } } },
    message: FRONT_DOOR,
  },
  {
    from: { element: { type: PARTS_USING_MODULES.filter((part) => part !== 'module') } },
    disallow: { to: { element: { type: 'module' } } },
    message: FRONT_DOOR,
  },
  { from: { element: { type: PARTS_USING_MODULES } }, allow: { to: { element: { type: 'module', fileInternalPath: MODULE_INDEX } } } },
];
// Narrower arrows, read after the ones above.
const TYPE_ONLY = { kind: 'type' };
const narrowArrows = [
  { from: { element: { type: SERVER_PARTS } }, allow: { to: { file: { categories: 'config' } } } },
  {
    from: { file: { categories: 'config' } },
    disallow: { to: { element: { type: [...SERVER_PARTS, ...CLIENT] } } },
    message: `${CONFIG} may import only server/domain (docs/architecture.md)`,
  },
  // The services' type names each service's class (server/contract/app-services.ts): types, no code.
  { from: { element: { type: 'contract' } }, allow: { to: { element: { type: ['http', 'trpc'] } }, dependency: TYPE_ONLY } },
  {
    from: { element: { type: 'contract' } },
    allow: { to: { element: { type: 'module', fileInternalPath: MODULE_INDEX } }, dependency: TYPE_ONLY },
  },
  // The request context reads a request's API token and client key; each call is counted in the metrics.
  {
    from: { element: { type: 'trpc' } },
    allow: { to: { element: { type: 'http', fileInternalPath: '{bearer-token,client-key,metrics}.ts' } } },
  },
  // server/db lists the entities (entities.ts) for the ORM and seeds them: the one way past a module's index.
  { from: { element: { type: 'db' } }, allow: { to: { element: { type: 'module', fileInternalPath: '*.entity.ts' } } } },
  // An email shows an order as the API does (its output type); the page renderer knows the client's entry by its type.
  {
    from: { element: { type: 'emails' } },
    allow: { to: { element: { type: 'module', fileInternalPath: MODULE_INDEX } }, dependency: TYPE_ONLY },
  },
  { from: { element: { type: 'http' } }, allow: { to: { element: { type: 'client' } }, dependency: TYPE_ONLY } },
  // The response cache names the procedures it keeps by the routers' own names.
  { from: { element: { type: 'cache' } }, allow: { to: { file: { categories: 'app-router' } }, dependency: TYPE_ONLY } },
  // A test sets up whatever part it needs.
  { from: { file: { categories: 'test' } }, allow: { to: { element: { type: SERVER_PARTS } } } },
];

// D31: public APIs only. Each selector below names a private surface the shop once used; lint-rules.test.ts plants
// each one and checks that the lint refuses it.
const PUBLIC_APIS_ONLY = 'D31: public APIs only (docs/decisions.md): take the cost of the public API, or change the library';
const PRIVATE_SURFACES = [
  { selector: "MemberExpression[property.name='_def']", message: `tRPC's _def is internal. ${PUBLIC_APIS_ONLY}` },
  {
    selector: "MemberExpression[object.name='pino'][property.name='symbols']",
    message: `pino.symbols reach into the logger's state. ${PUBLIC_APIS_ONLY}`,
  },
  {
    // Reading a prototype is the first step of patching it (X.prototype.run = ..., or through a variable).
    selector: "MemberExpression[property.name='prototype']",
    message: `No patch of a Node or library prototype. ${PUBLIC_APIS_ONLY}`,
  },
  {
    selector: "CallExpression[callee.object.name='Object'][callee.property.name='setPrototypeOf']",
    message: `No borrowed prototypes. ${PUBLIC_APIS_ONLY}`,
  },
  {
    // Kysely's executor (getExecutor, @internal) and MikroORM's requireNativeClient (@internal): the pool is found
    // through getConnection().getNativeClient() (server/db/sql-pool.ts).
    selector: 'MemberExpression[property.name=/^(getExecutor|requireNativeClient)$/]',
    message: `Kysely's executor and MikroORM's native-client guard are internal. ${PUBLIC_APIS_ONLY}`,
  },
  {
    selector: 'MemberExpression[property.name=/^(acquireConnection|releaseConnection)$/]',
    message: `The ORM's Kysely driver lends connections to itself only. ${PUBLIC_APIS_ONLY}`,
  },
  {
    selector: "CallExpression[callee.name='createRequire']:not([arguments.0.object.type='MetaProperty'])",
    message: `No require from inside another package's folder (a dependency of a dependency). ${PUBLIC_APIS_ONLY}`,
  },
];
const PRIVATE_IMPORTS = {
  paths: [
    {
      name: 'trpc-to-openapi',
      importNames: ['forEachOpenApiProcedure', 'getInputOutputParsers', 'generateOpenApiDocument'],
      message: `They read a procedure's private _def: server/rest/procedures.ts and openapi-paths.ts read its public meta. ${PUBLIC_APIS_ONLY}`,
    },
  ],
  patterns: [
    { group: ['@trpc/*/unstable-*', '@trpc/*/dist/*'], message: `tRPC's unstable core is not its public API. ${PUBLIC_APIS_ONLY}` },
    { group: ['**/node_modules/**', '*/dist/**', '@*/*/dist/**'], message: `No deep import into a package's files. ${PUBLIC_APIS_ONLY}` },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', '.data/', 'node_modules/', 'public/', 'test-results/', 'playwright-report/', 'coverage/'] },
  // Files server/lint-rules.test.ts writes for a moment (and lints with ignores off), which a lint running beside it
  // must not read.
  { ignores: ['**/planted-*.ts'] },
  // The API guide's example script imports the types a reader generates (turnery.d.ts); its test generates them from the
  // served document and type-checks it (tests/api/api-token-script.test.ts).
  { ignores: ['docs/examples/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `_name` keeps a parameter a signature needs (express knows an error handler by its four); a rest sibling
      // leaves fields out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    rules: { 'no-restricted-syntax': ['error', ...PRIVATE_SURFACES], 'no-restricted-imports': ['error', PRIVATE_IMPORTS] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  {
    // The arrows of docs/architecture.md. The first pattern a file matches names its part.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'client', pattern: 'src' },
        { type: 'domain', pattern: 'server/domain' },
        { type: 'contract', pattern: 'server/contract' },
        { type: 'module', pattern: 'server/modules/*', capture: ['module'] },
        { type: 'http', pattern: 'server/http' },
        { type: 'rest', pattern: 'server/rest' },
        { type: 'trpc', pattern: 'server/trpc' },
        { type: 'db', pattern: 'server/db' },
        { type: 'emails', pattern: 'server/emails' },
        { type: 'jobs', pattern: 'server/jobs' },
        { type: 'cache', pattern: 'server/cache' },
        { type: 'images', pattern: 'server/images' },
        // index.ts, server.ts, app.ts and services.ts start the shop and wire every part together.
        { type: 'boot', pattern: 'server' },
      ],
      'boundaries/files': [
        { category: 'app-router', pattern: 'server/trpc/app-router.ts' },
        { category: 'config', pattern: CONFIG },
        { category: 'test', pattern: 'server/**/*.test.ts' },
      ],
      'boundaries/include': ['src/**/*', 'server/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true,
          policies: [
            {
              from: { element: { type: CLIENT } },
              disallow: { to: { element: { type: SERVER_PARTS } } },
              message: 'The client may import from the server only server/domain/** and the AppRouter type',
            },
            {
              from: { element: { type: CLIENT } },
              allow: { to: { file: { categories: 'app-router' } }, dependency: { kind: 'type' } },
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.captured.feature }}' } } } },
              message: 'A feature may use another feature only through its index (src/features/<feature>/index.ts)',
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', fileInternalPath: 'index.{ts,tsx}' } } },
            },
            {
              from: { element: { type: 'domain' } },
              disallow: [{ to: { element: { type: [...SERVER_PARTS, ...CLIENT] } } }, { to: { module: { origin: 'core' } } }],
              message: 'server/domain is pure logic shared with the client: nothing from modules, http, db or Node',
            },
            ...serverArrows,
            ...frontDoors,
            ...narrowArrows,
          ],
        },
      ],
    },
  },
  {
    // No cycle between the server's files, and so none between its modules (each reached through its index.ts, whose
    // exports are the module's files): a cycle is cut by moving the shared piece to the side that owns it, to
    // server/domain, or by handing a function in (server/services.ts's lookups). Type-only imports are not followed.
    files: ['server/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One way to run a statement written by hand: server/db/sql.ts (docs/architecture.md says why).
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...PRIVATE_SURFACES,
        {
          selector: "CallExpression[callee.property.name='execute'][callee.object.type!='CallExpression']",
          message: 'Run a written statement with sql(em).query(text, values) from server/db/sql.ts, not em.execute',
        },
        {
          selector: "CallExpression[callee.property.name='execute'][callee.object.callee.property.name='getConnection']",
          message: 'Run a written statement with sql(em).query(text, values) from server/db/sql.ts, not getConnection().execute',
        },
        {
          // tRPC keeps the schemas `.input()` is given private; server/rest reads the one withInput puts in the meta.
          selector: "CallExpression[callee.property.name='input']",
          message: "Give a procedure its input with .concat(withInput(schema)) (server/trpc/init.ts), not tRPC's .input()",
        },
        {
          // Likewise for `.output()`: the API document's answers are generated from the one withOutput puts in the meta.
          selector: "CallExpression[callee.property.name='output']",
          message: "Give a procedure its output with .concat(withOutput(schema)) (server/trpc/init.ts), not tRPC's .output()",
        },
      ],
    },
  },
  {
    // MikroORM's generator writes `async up()`/`down()` that only queue SQL.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
);
