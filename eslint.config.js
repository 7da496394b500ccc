// ESLint for issue 16: three rules only, each catching a bug class tsc lets through (dead code,
// imports that survive into the emitted JS only for their types, promises nobody awaits).
// Typed linting (projectService) is what no-floating-promises needs: it picks the nearest
// tsconfig.json per file, so sdk/ and web/ are checked against their own compiler settings.
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'docs/sdk/',
    // Written by `npm run sdk:types` from the OpenAPI document and the content schemas.
    'sdk/src/schema.ts',
    'sdk/src/content.ts',
    'sdk/src/forms/bodies.ts',
    // Breaks every rule on purpose; test/structure/eslint.test.ts lints it with ignore: false.
    'test/fixtures/lint/',
  ]),
  {
    files: [
      'src/**/*.ts',
      'test/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'sdk/src/**/*.ts',
      'web/src/**/*.{ts,tsx}',
    ],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // inline, as the code already writes it: import { badRequest, type FieldError } from …
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // node:test's test/it/describe return a promise the runner itself awaits. This also lets an
      // unawaited t.test(...) through (same type); node fails such a subtest as cancelled instead.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] },
          ],
        },
      ],
    },
  },
);
