// ESLint flat config: the recommended rules of ESLint and typescript-eslint (no type-aware rules,
// so a run stays fast), plus the import boundaries of docs/decisions/012-layout-and-boundaries.md
// (import-x/no-restricted-paths) and a cycle rule over src/ (import-x/no-cycle).
// Formatting is not linted here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The feature folders of src/islands (every folder but shared/), read from disk so a new feature is covered. */
const features = readdirSync(path.join(root, 'src/islands'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

const BROWSER = ['src/islands', 'src/stores', 'src/lib', 'src/pages', 'src/layouts', 'src/components'];

/** The arrows of the layout. `from` and `except` are folders; `except` is relative to `from`. */
export const zones = [
  {
    target: BROWSER,
    from: 'src/server',
    message: 'Browser code (islands, stores, lib, pages, layouts, components) must not import src/server.',
  },
  {
    target: 'src/lib',
    from: ['src/islands', 'src/stores'],
    message: 'src/lib is shared by browser and server: it imports no island and no store.',
  },
  {
    target: ['src/islands', 'src/stores'],
    from: 'src/lib/article-html.ts',
    message: 'The article sanitiser runs at build time and on the server only: the browser gets its output, never the sanitiser.',
  },
  {
    target: 'src/stores',
    from: 'src/islands',
    message: 'Stores import no island.',
  },
  ...features.map((feature) => ({
    target: `src/islands/${feature}`,
    from: 'src/islands',
    except: [`./${feature}`, './shared'],
    message: `An island imports its own feature folder (src/islands/${feature}/) and src/islands/shared/ only.`,
  })),
  {
    target: 'src/islands/shared',
    from: 'src/islands',
    except: ['./shared'],
    message: 'src/islands/shared/ imports no feature folder.',
  },
  {
    target: 'src/server',
    from: ['src/islands', 'src/stores'],
    message: 'The server may import src/lib (the contracts), never islands or stores.',
  },
  {
    target: ['src/server/services', 'src/server/db', 'src/server/auth', 'src/server/catalog'],
    from: ['src/server/routes', 'src/server/app.ts', 'src/server/server.ts'],
    message: 'Inside the server the arrows run app → routes → services → db: services, db and auth import no route.',
  },
  {
    target: 'src',
    from: ['scripts', 'tests', 'bench'],
    message: 'Application code does not import scripts, tests or benchmarks (they import it).',
  },
];

export default defineConfig(
  {
    ignores: ['dist/', '.astro/', '.data/', '.data-*/', 'bench/results/', 'public/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,astro}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // tsc (astro's strictest config) reports unused names too; `_name` marks one left unused on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'src/server/**', 'tests/**', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: BROWSER.map((folder) => `${folder}/**`),
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Only the two classic hook rules (not the React Compiler set of the plugin's recommended config).
    files: ['src/islands/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
