// batch.test.js - `make grade` on a small class of known files (the polling lab's solution, starter,
// wrong fixes, as loose files and as student folders, plus folders with nothing or too much to
// grade and a name a spreadsheet would run): the gradebook says what each one is, the summary
// names the wrong fixes after the lab's, and a second run grades only what changed.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { safeName } = require('../grade.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const top = fs.mkdtempSync(path.join(os.tmpdir(), 'grade-batch-'));
test.after(() => fs.rmSync(top, { recursive: true, force: true }));
const labFile = (f) => path.join(ROOT, 'labs', 'polling', f);

function put(rel, from) {
  const p = path.join(top, 'class', rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.copyFileSync(from, p);
}

function grade() {
  const r = spawnSync('make', ['--no-print-directory', 'grade', 'LAB=polling', `SUBMISSIONS=${path.join(top, 'class')}`,
    'JOBS=2'], { cwd: ROOT, encoding: 'utf8', env: Object.assign({}, process.env) });
  return { status: r.status, out: r.stdout + r.stderr };
}

test('a class graded into a gradebook and a summary, then resumed', () => {
  put('alice.c', labFile('solution.c'));
  put('bob/lab.c', labFile('lab.c'));
  put('carol/my-fix.c', labFile('wrong/writer-only.c'));
  put('=SUM(A1)/lab.c', labFile('wrong/read-once-before-loop.c'));
  fs.mkdirSync(path.join(top, 'class', 'dan'));
  put('erin/a.c', labFile('lab.c'));
  put('erin/b.c', labFile('lab.c'));
  fs.rmSync(path.join(ROOT, 'build', 'grade', 'polling'), { recursive: true, force: true });
  const first = grade();
  assert.strictEqual(first.status, 0, first.out);
  const csv = fs.readFileSync(path.join(ROOT, 'build', 'grade', 'polling', 'gradebook.csv'), 'utf8').split('\r\n');
  assert.strictEqual(csv[0], 'student,verdict,reason,cost');
  const rows = Object.fromEntries(csv.slice(1).filter(Boolean).map((l) => [l.split(',')[0], l]));
  assert.deepStrictEqual(Object.keys(rows).sort(), ["'=SUM(A1)", 'alice', 'bob', 'carol', 'dan', 'erin']);
  assert.match(rows.alice, /^alice,PASS,,"3 marked, 0 barriers"$/);
  assert.match(rows.bob, /^bob,FAIL,"line 9: evidence loads_in_loop\(t1, need_to_stop\) >= 1 does not hold on /);
  assert.match(rows.carol, /^carol,FAIL,"line \d+: evidence loads_in_loop/);
  assert.match(rows["'=SUM(A1)"], /^'=SUM\(A1\),FAIL,/);
  assert.strictEqual(rows.dan, 'dan,ERROR,no .c file,');
  assert.strictEqual(rows.erin, 'erin,ERROR,several .c files and no lab.c: a.c b.c,');
  const html = fs.readFileSync(path.join(ROOT, 'build', 'grade', 'polling', 'summary.html'), 'utf8');
  // bob (the starter) and carol (writer-only) fail alike; the lab's three wrong fixes fail that check
  assert.match(html, /<td>barrier-after-loop, read-once-before-loop, writer-only<\/td><td>2<\/td><td>bob, carol<\/td>/);
  assert.match(html, /<tr><td>no \.c file<\/td><td>1<\/td><td>dan<\/td><\/tr>/);
  assert.ok(fs.existsSync(path.join(ROOT, 'build', 'grade', 'polling', 'results', safeName('=SUM(A1)') + '.json')));

  put('bob/lab.c', labFile('solution.c')); // bob resubmits
  const second = grade();
  assert.strictEqual(second.status, 0, second.out);
  assert.strictEqual((second.out.match(/\(kept\)/g) || []).length, 3, second.out);
  assert.match(second.out, /\] bob: PASS\n/);
});
