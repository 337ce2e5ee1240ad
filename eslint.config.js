import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const sources = ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts', 'embedded/src/**/*.ts', 'web/src/**/*.{ts,tsx}'];
const specs = ['**/*.spec.ts', '**/*.spec.tsx'];

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', '**/data/', 'infra/.state/', 'infra/.cache/', 'test-results/', 'playwright-report/', 'bench/results/', 'coverage/']),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked against the nearest tsconfig.json: the root one, web/ or e2e/. The root-level config
        // files belong to no project, so they get the root project's options.
        projectService: { allowDefaultProject: ['*.config.ts'], defaultProject: 'tsconfig.json' },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names mark parameters that an interface requires but an implementation ignores, and
      // `{ dropped, ...rest }` is how the code leaves a field out of an object.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // In-memory adapters, test doubles and bus handlers are `async` to implement Promise-returning ports, which also
      // turns a throw into a rejection the caller's `await` sees; most have nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },

  // Tests: vitest's asymmetric matchers (`expect.any`, `expect.stringMatching`) are typed `any` by design.
  { files: specs, rules: { '@typescript-eslint/no-unsafe-assignment': 'off' } },

  // The .mjs scripts carry no type annotations, so typed rules would mostly report the `any` inferred for them, and
  // bench/*.mjs would pull the whole platform into one more program. They get the rules that need no types;
  // `npm run typecheck` still checks scripts/*.mjs. (TypeScript files need no globals: the compiler knows them.)
  { files: ['**/*.{js,mjs,cjs}'], extends: [tseslint.configs.disableTypeChecked], languageOptions: { globals: globals.node } },

  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [jsxA11y.flatConfigs.recommended],
    // The plugin's own typings describe its legacy configs too, which the flat-config Plugin type does not accept.
    plugins: { 'react-hooks': /** @type {import('eslint').ESLint.Plugin} */ (/** @type {unknown} */ (reactHooks)) },
    // The two rules of hooks. The plugin's other recommended rules check code for the React Compiler, which the
    // client's build does not use.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The client depends on @wps/contracts as a workspace package; a relative path into packages/ would bypass it.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/packages/**'], message: 'Import shared code through @wps/contracts.' }] }],
    },
  },

  // Cycles are looked for only among the source modules: tests and scripts sit at the edge of the graph and can't close
  // one, and leaving them out keeps the module walk to the code that ships.
  {
    files: sources,
    ignores: specs,
    plugins: { 'import-x': importX },
    settings: {
      // Without these the module walk skips every .ts file and so finds no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The workspaces import each other by package name; as internal modules the walk follows them, so a cycle that
      // runs through two packages is found too. Everything else from node_modules is skipped.
      'import-x/internal-regex': '^@wps/',
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
]);
