import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Type information for the promise rules below: each file is checked with its nearest tsconfig.json
        // (apps/*, packages/contract, and the root one for e2e, bench and the tool configs). The few
        // JavaScript files no tsconfig includes use the default project.
        projectService: {
          allowDefaultProject: ['eslint.config.js', '.dependency-cruiser.cjs', 'apps/server/build.mjs', 'apps/web/postcss.config.cjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its failure (an unhandled rejection) and its ordering (a write
      // that may not have happened yet). Fire-and-forget is written `void promise` where the
      // promise already handles its own failure (apps/web/src/lib/submit-once.ts).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One date style on every screen: dates are written by apps/web/src/lib/dates.ts only.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/dates.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString'].map((name) => ({
          selector: `CallExpression[callee.property.name='${name}']`,
          message: 'Write dates with formatDate/formatTime/formatDateTime/formatDay from apps/web/src/lib/dates.ts.',
        })),
        {
          // Numbers may use toLocaleString; a date (new Date(…), a Date-typed name) may not.
          selector:
            "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          message: 'Write dates with formatDate/formatTime/formatDateTime from apps/web/src/lib/dates.ts.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message:
            'Write dates with formatDate/formatTime/formatDateTime from apps/web/src/lib/dates.ts (time-zone arithmetic may disable this line with a reason).',
        },
        {
          // Intl.DateTimeFormat(…).format(…) without `new`; resolvedOptions() (the browser's zone) stays allowed.
          selector:
            "MemberExpression[object.type='CallExpression'][object.callee.object.name='Intl'][object.callee.property.name='DateTimeFormat'][property.name!='resolvedOptions']",
          message: 'Write dates with formatDate/formatTime/formatDateTime from apps/web/src/lib/dates.ts.',
        },
        {
          selector: "CallExpression[callee.property.name='format'][callee.object.type='CallExpression'][callee.object.callee.name='dayjs']",
          message: 'Write dates with formatDate/formatTime/formatDateTime/formatDay from apps/web/src/lib/dates.ts.',
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'date-fns', message: 'Dates are written by apps/web/src/lib/dates.ts.' }], patterns: ['date-fns/*'] },
      ],
    },
  },
);
