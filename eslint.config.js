// eslint.config.js - the JavaScript lint of the tree (make js-lint, run by make format-check): ESLint's
// recommended rules over every script the site ships (site/static: classic browser scripts) and every
// tool and test run by node (CommonJS). Formatting is prettier's (.prettierrc.json), not ESLint's.
'use strict';
const js = require('@eslint/js');
const globals = require('globals');

module.exports = [
  {
    ignores: ['build/**', 'node_modules/**', 'tools/gen/tests/fixtures/**', 'labs/**', 'examples/**'],
  },
  js.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'commonjs',
      globals: { ...globals.node },
    },
    rules: {
      // an unused catch binding or a leading _ argument says "deliberately ignored"
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'none' }],
      // style, not defects: an escaped "/" in a regular expression, a first value overwritten
      // before use, an error rethrown with its message but not its cause
      'no-useless-escape': 'off',
      'no-useless-assignment': 'off',
      'preserve-caught-error': 'off',
    },
  },
  {
    // the pages' classic scripts: browser globals, and the data scripts' window.COURSE_DATA
    files: ['site/static/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // node scripts whose functions also run in the page (Playwright's evaluate, the wasm runtime)
    files: ['tests/browser/**/*.js', 'tools/wasm/runtime.js', 'tools/*/tests/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
