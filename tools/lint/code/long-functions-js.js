// long-functions-js.js [PATH...] - the JavaScript the site ships, read at once: fails (listing
// file:line: message) on every function longer than 80 lines in the .js files under each PATH (a
// folder or a file; default site/static and tools/wasm/runtime.js, the explorer's runtime), from
// its first line to its last, nested functions counted in (ESLint's max-lines-per-function; a
// function called where it is written, the classic scripts' wrapper (function () { ... })(), is not
// a function a reader takes in at once and is not counted), or on a file that does not parse.
// The C twin is long-functions.sh; unlike it, no function is allowed to stay long.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Linter } = require('eslint');

const MAX = 80;

function jsFiles(dir) {
  if (!fs.statSync(dir).isDirectory()) return [dir];
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, f))
    .filter((p) => p.endsWith('.js') && fs.lstatSync(p).isFile())
    .sort();
}

function longFunctions(file) {
  const config = {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'script' },
    rules: { 'max-lines-per-function': ['error', { max: MAX, IIFEs: false }] },
  };
  const messages = new Linter().verify(fs.readFileSync(file, 'utf8'), [config], path.basename(file));
  return messages.map((m) => `${file}:${m.line}: ${m.message}`);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) dirs.push('site/static', 'tools/wasm/runtime.js');
const bad = dirs.flatMap(jsFiles).flatMap(longFunctions);
if (bad.length > 0) {
  process.stderr.write(bad.join('\n') + '\n');
  process.exit(1);
}
console.log(`long-functions-js.js: no function over ${MAX} lines in the JavaScript of ${dirs.join(' ')}`);
