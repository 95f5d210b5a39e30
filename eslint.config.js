import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.cache/**',
      'test-results/**',
      'node_modules/**',
      'bench/results/**',
      'bench/peers/appkit/**',
      'bench/peers/appkit-wagmi/**',
      'bench/peers/rainbowkit/**',
      'bench/peers/connectkit/**',
      'bench/peers/*/dist/**',
      'demo/dist/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: 'eval breaks a strict CSP.' },
        { selector: "NewExpression[callee.name='Function']", message: 'new Function breaks a strict CSP.' },
      ],
    },
  },
  {
    // The kernel and the event catalogue are the typed ground everything stands on: no `any` there.
    files: ['src/kernel/**/*.ts', 'src/events/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
)
