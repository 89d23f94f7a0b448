#!/usr/bin/env node
// gradescope.js RESULT.json [MAX_SCORE] - prints Gradescope's results.json for one grader result
// (lib/gradescope.js); a missing or unreadable RESULT.json is a zero with a message, never a crash.
'use strict';
const fs = require('fs');
const { results } = require('./lib/gradescope');

let res = null;
try {
  res = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
} catch (e) {
  res = null;
}
const max = process.argv[3] === undefined ? 1 : Number(process.argv[3]);
process.stdout.write(JSON.stringify(results(res, Number.isFinite(max) ? max : 1), null, 1) + '\n');
