// ESLint flat config: TypeScript (strict, no `any`), React hooks, and the layering rule
// of the architecture guide (one folder per concept under features/; a feature reaches
// another only through its public parts, api/, model/ and ui/; lib/ and components/ import
// no feature or app code), and no import cycles (import-x, resolving as tsc does).
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SRC = path.join(import.meta.dirname, 'src');

/** Where a file lives: ['features', 'auth'], ['lib'], ['app'], ... (relative to src/). */
function layerOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts[0] === 'features' ? ['features', parts[1]] : [parts[0]];
}

/**
 * A feature's public parts, the folders other features may import: its requests and the
 * types and SWR keys they answer (api/), its rules without React (model/) and the UI it
 * lends (ui/). Everything else in a feature (pages/, components/, ...) is its own.
 */
const PUBLIC_PARTS = new Set(['api', 'model', 'ui']);

/** The part of a feature a file is in: 'api' for features/readings/api/readings.ts, ... */
function partOf(file) {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'features' && parts.length > 3 ? parts[2] : null;
}

const boundaries = {
  meta: { type: 'problem', schema: [], messages: { cross: '{{from}} must not import {{to}} ({{why}}).' } },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = layerOf(target);
      if (!to) return;
      let why = null;
      if (from[0] === 'features' && to[0] === 'features' && from[1] !== to[1] && !PUBLIC_PARTS.has(partOf(target)))
        why = 'a feature imports another only through its api/, model/ or ui/';
      else if (from[0] === 'features' && to[0] === 'app') why = 'features do not import the app';
      else if ((from[0] === 'lib' || from[0] === 'components') && (to[0] === 'features' || to[0] === 'app'))
        why = 'shared code does not depend on features or the app';
      else if (from[0] === 'lib' && to[0] === 'components') why = 'lib/ holds no UI';
      else if (from[0] !== 'testing' && to[0] === 'testing' && !/\.test\.tsx?$/.test(context.filename))
        why = 'testing/ is for tests only';
      if (why) context.report({ node, messageId: 'cross', data: { from: from.join('/'), to: to.join('/'), why } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, vitalog: { rules: { boundaries } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(import.meta.dirname, 'tsconfig.json') })],
    },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'always'],
      'vitalog/boundaries': 'error',
      // A cycle makes a module's value undefined while the other is still being evaluated,
      // and hides which of two modules is the lower one. Type-only imports are not followed.
      'import-x/no-cycle': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // A passive effect runs a task after the commit; until then focus sits on <body>,
          // where a screen reader (or a test's next line) finds it. See testing/focus.ts.
          selector: "CallExpression[callee.name='useEffect'] CallExpression[callee.property.name='focus']",
          message: 'Move focus in useLayoutEffect, with the commit that shows the element, not in useEffect.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['e2e/**/*.ts', '*.config.{ts,mjs}', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-explicit-any': 'error', 'no-console': 'off' },
  },
);
