import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts', 'providers/**/*.ts', 'providers/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The console loads each service's declarations on its own (providers/services.ts): the index of them all, which
    // would load every one with the screen, is for the server and the build only; its types are in resources/types.
    files: ['src/**/*.tsx', 'src/**/*.ts', 'providers/**/*.ts', 'providers/**/*.tsx'],
    ignores: ['src/engine/route-reads.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\.?/)+resources(/index(\\.ts)?)?$', allowTypeImports: true, message: 'Read services from providers/services.ts (types from resources/types).' }] },
      ],
    },
  },
);
