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
    languageOptions: { globals: { ...globals.node } },
    rules: {
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
