// Lint rules: typescript-eslint's type-aware set, because this code is full of
// promises around child processes and a floating one is a lost error or an orphan.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'src/suite/generated/**', 'examples/*/dist/**', 'node_modules/**', 'coverage/**', '.docs-mcp-eval/**', '.scratch/**', 'types/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: ['describe', 'it', 'test', 'suite'], package: 'node:test' }] },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Untrusted text reaches the Actions log through safe-core.ts only (workflow-command and escape injection).
    files: ['src/action/**/*.ts'],
    ignores: ['src/action/safe-core.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@actions/core', message: 'import ./safe-core.ts: it makes server and dataset text inert before it is logged' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Glue scripts run by node directly (test/third-party/docusaurus).
    files: ['test/third-party/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
