#!/usr/bin/env node
// cells-select.js IMPORT_DIR CONF COURSE_DIR OUT_UNEXPLORED - which of an import's examples
// tools/litmus/cells.sh compiles and explores on AArch64: every test with an example that is not a
// course example (COURSE_DIR/<example>.c) nor listed in CONF (tools/litmus/cells.conf: "<test name>
// <why>" lines, # comments), printed one example name a line. Writes OUT_UNEXPLORED (JSON,
// {<example>: {test, why}}: the listed ones, which page.js shows as not explored). A listed test the
// import does not have, or that is a course example: CONF:LINE: message, exit 1.
'use strict';
const fs = require('fs');
const path = require('path');
const { writeFileAtomic } = require(path.resolve(__dirname, '../jslib/fsutil.js'));

function main([dir, conf, course, out]) {
  const tests = JSON.parse(fs.readFileSync(path.join(dir, 'summary.json'), 'utf8')).tests.filter(
    (t) => t.status === 'ok' && t.example,
  );
  const byName = new Map(tests.map((t) => [t.name, t]));
  const listed = {},
    errors = [];
  fs.readFileSync(conf, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const m = /^(\S+)\s+(\S.*)$/.exec(line.trim());
      if (!line.trim() || line.trim().startsWith('#')) return;
      const t = m && byName.get(m[1]);
      if (!m) errors.push(`${conf}:${i + 1}: expected "<test name> <why>"`);
      else if (!t) errors.push(`${conf}:${i + 1}: ${m[1]} is no test of ${dir} with an example`);
      else if (fs.existsSync(path.join(course, t.example + '.c')))
        errors.push(`${conf}:${i + 1}: ${m[1]} is a course example, explored on every cell`);
      else listed[t.example] = { test: m[1], why: m[2] };
    });
  if (errors.length) {
    process.stderr.write(errors.join('\n') + '\n');
    return 1;
  }
  writeFileAtomic(out, JSON.stringify(listed, null, 1));
  const chosen = tests.filter((t) => !listed[t.example] && !fs.existsSync(path.join(course, t.example + '.c')));
  process.stdout.write(chosen.map((t) => t.example + '\n').join(''));
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
