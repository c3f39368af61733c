import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

const serverImport = {
  group: ['**/server/**', '**/server', 'astro:env/server', 'node:*', 'pg', '@electric-sql/*', 'sharp'],
  message: 'Browser-side code (src/islands, src/stores, src/lib, src/client) must not import server-only modules.',
};
/** The same by import alias (a group pattern starting with # would be a comment). */
const serverAlias = { regex: '^#server/', message: serverImport.message };

/** src/client holds what runs only in a browser (fetch with the session, Web Storage, Web Share, …). */
const clientImport = {
  regex: '^#client/|^\\.{1,2}/(.*/)?client/',
  message:
    'Server code (src/server, src/pages/api, the middleware) must not import browser-only modules (src/client); shared rules live in src/lib.',
};

/** Services take typed inputs and throw domain errors; HTTP (requests, query strings, limits, answers) is the endpoints'. */
const httpImport = {
  regex: '(^|/)(server/)?http(/|$)|^astro($|[:/])|(^|/)pages(/|$)|^#pages/',
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
    files: ['src/islands/**', 'src/stores/**', 'src/lib/**', 'src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImport, serverAlias] }] },
  },
  {
    files: ['src/server/**', 'src/pages/api/**', 'src/middleware.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientImport] }] },
  },
  {
    files: ['src/server/services/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [httpImport, clientImport] }] },
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
