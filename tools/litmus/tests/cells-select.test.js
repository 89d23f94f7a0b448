// cells-select.test.js - which project tests tools/litmus/cells.sh explores on AArch64
// (tools/litmus/cells-select.js), on the import make litmus-test ran (LITMUS_IMPORT) with conf files
// written here: the real tools/litmus/cells.conf (no test listed since MP+polocks is explored, issue
// 26) selects every test with an example that is not a course example; a listed test is left out and
// written to the unexplored file with its reason; a listed test the import does not have, a course
// example, a malformed line are errors at CONF:LINE, and nothing is written.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const TOP = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(process.env.BUILD_DIR || path.join(TOP, 'build'));
const IMPORT = path.resolve(process.env.LITMUS_IMPORT || path.join(BUILD, 'litmus/project'));
const SELECT = path.join(TOP, 'tools/litmus/cells-select.js');
const COURSE = path.join(TOP, 'examples/litmus');
const REAL_CONF = path.join(TOP, 'tools/litmus/cells.conf');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-cells-select-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

// cells-select.js with conf (a path, or the text of a file written here); {status, chosen, stderr, unexplored}.
function select(conf, name) {
  let file = conf;
  if (!fs.existsSync(conf)) {
    file = path.join(tmp, name + '.conf');
    fs.writeFileSync(file, conf);
  }
  const out = path.join(tmp, name + '.json');
  const r = spawnSync(process.execPath, [SELECT, IMPORT, file, COURSE, out], { encoding: 'utf8' });
  return {
    status: r.status,
    stderr: r.stderr,
    chosen: r.stdout.split('\n').filter(Boolean),
    unexplored: fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : null,
    file,
  };
}

// The import's tests with an example that is not a course example.
function notCourse() {
  const s = JSON.parse(fs.readFileSync(path.join(IMPORT, 'summary.json'), 'utf8'));
  return s.tests
    .filter((t) => t.status === 'ok' && t.example && !fs.existsSync(path.join(COURSE, t.example + '.c')))
    .map((t) => t.example);
}

test('the real cells.conf lists no test: every project test that is not a course example is explored', () => {
  const all = notCourse();
  assert.ok(all.length >= 23, all.join(' '));
  assert.ok(all.includes('mp-polocks'));
  const r = select(REAL_CONF, 'real');
  assert.strictEqual(r.status, 0, r.stderr);
  assert.deepStrictEqual(r.chosen, all);
  assert.deepStrictEqual(r.unexplored, {});
});

test('a listed test is not explored, and the unexplored file gives its reason', () => {
  const r = select(
    '# a header\n\nLB+poonceonces  the reason, to the end of the line\n# MP+polocks commented out\n',
    'listed',
  );
  assert.strictEqual(r.status, 0, r.stderr);
  assert.deepStrictEqual(r.unexplored, {
    'lb-poonceonces': { test: 'LB+poonceonces', why: 'the reason, to the end of the line' },
  });
  assert.deepStrictEqual(
    r.chosen,
    notCourse().filter((e) => e !== 'lb-poonceonces'),
  );
});

test('a listed test that does not exist, a course example, a line without a reason: CONF:LINE, exit 1', () => {
  const r = select('# header\nNo+such why\nMP+poonceonces a course example\nSB+pooncelockonces\n', 'bad');
  assert.strictEqual(r.status, 1);
  assert.strictEqual(r.unexplored, null, 'nothing written');
  assert.deepStrictEqual(r.chosen, []);
  assert.deepStrictEqual(r.stderr.trim().split('\n'), [
    `${r.file}:2: No+such is no test of ${IMPORT} with an example`,
    `${r.file}:3: MP+poonceonces is a course example, explored on every cell`,
    `${r.file}:4: expected "<test name> <why>"`,
  ]);
});
