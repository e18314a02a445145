// ESLint for the TypeScript of the sidecar, the admin screen, the scripts' type declarations and the
// tests: typescript-eslint's recommended rules; formatting is prettier's (eslint-config-prettier turns
// the rules off that would argue with it). `npm test` runs it at zero findings.
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['plugin/build/**', 'node_modules/**', '.stack/**', 'test-results/**', 'dist/**', '**/*.cjs', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (rest destructuring that drops a field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // JSX compiles to createElement calls (jsxFactory): the import is used where the rule cannot see it.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^(_|createElement$)', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read untyped JSON answers of the service as any: what they assert is checked at run time.
    files: ['tests/**/*.ts', 'tests/**/*.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
