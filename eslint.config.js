import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

const serverImport = {
  group: ['**/server/**', '**/server', 'astro:env/server', 'node:*', 'pg', '@electric-sql/*', 'sharp'],
  message: 'Browser-side code (src/islands, src/stores, src/lib) must not import server-only modules.',
};

/** Services take typed inputs and throw domain errors; HTTP (requests, query strings, limits, answers) is the endpoints'. */
const httpImport = {
  regex: '(^|/)(server/)?http(/|$)|^astro($|[:/])|(^|/)pages(/|$)',
  message:
    'Services (src/server/services) know nothing of HTTP: no src/server/http, astro or src/pages imports. Take typed inputs, throw DomainError (services/errors.ts); the endpoint maps it.',
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.builds/',
      'node_modules/',
      '.astro/',
      'data/',
      'bench/results/',
      'test-results/',
      'playwright-report/',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/islands/**', 'src/stores/**', 'src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImport] }] },
  },
  {
    files: ['src/server/services/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [httpImport] }] },
  },
  {
    files: ['scripts/**/*.mjs', '*.js', '*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        performance: 'readonly',
      },
    },
  },
);
