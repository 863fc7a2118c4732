/**
 * ESLint checks what a formatter cannot: promises nobody waits for, a promise handed to where a
 * plain value is expected, a switch that forgets a case, and imports that name only types. Biome
 * (biome.json) formats; `npm run lint` runs both, `npm run lint -- --fix` lets both fix.
 *
 * Type-aware: every TypeScript file is read with the one program of tsconfig.json (lib, spec,
 * samples, bench, scripts). `consistent-type-imports` reads `experimentalDecorators` and
 * `emitDecoratorMetadata` from it and leaves alone the imports of a file with decorators: a class
 * named in a decorated signature must stay a value import, or its design type is erased to `Object`.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'build/',
      'coverage/',
      '.tmp/',
      // Real projects' DTOs, read as they are published (spec/corpus/compile.ts compiles them with their own options).
      'spec/corpus/dtos/',
      'lib/**/*.js',
      'lib/**/*.d.ts',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts', '**/*.cts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
        // Also read from tsconfig.json; stated here so that consistent-type-imports keeps decorated types without it.
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false }],
      // `require('x') as typeof import('x')` types a peer loaded on first use: annotations of that form are allowed.
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // tsc's noUnusedLocals is the one check of unused names (tsconfig.json).
      '@typescript-eslint/no-unused-vars': 'off',
      // `Function` is the type of a class as decorators and reflect-metadata hand it over.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      // `for (let c = this; c; c = c.parent)` walks a chain; arrow functions already make `self = this` needless.
      '@typescript-eslint/no-this-alias': 'off',
    },
  },
  {
    // The plugin's and the CLI's fixtures are code as users write it: its imports are what is under test.
    files: ['spec/fixtures/**'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Plain JavaScript (scripts, the bin, fixtures) is outside the TypeScript program: no type-aware rules there.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: Object.fromEntries(
        ['require', 'module', 'exports', 'process', '__dirname', '__filename', 'console', 'Buffer', 'URL']
          .concat(['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask', 'structuredClone'])
          .map((name) => [name, 'readonly']),
      ),
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
);
