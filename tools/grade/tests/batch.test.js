// batch.test.js - `make grade` on a small class, cheap enough for make check (one full grading; the
// others stop early, as most wrong submissions do): loose files and student folders, a folder with
// nothing and one with too much to grade, a name a spreadsheet would run, a file that reads a host
// file (refused on the preprocessor's view), a compile error, changed metadata and a preprocessor
// that runs past its CPU limit (TIMEOUT with the step and the limit). The gradebook says what each one
// is, the summary links every student's report page, the report of a passing file links the lab page
// built from it, and a second run grades only the resubmission. The 50-submission batch is
// batch50.js (make grade-batch-test); the writers' rules on every kind of result are units.test.js.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { makeGrade } = require('./class');
const { safeName } = require('../grade.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const top = fs.mkdtempSync(path.join(os.tmpdir(), 'grade-batch-'));
const out = path.join(top, 'out');
test.after(() => fs.rmSync(top, { recursive: true, force: true }));
const labFile = (f) => fs.readFileSync(path.join(ROOT, 'labs', 'polling', f), 'utf8');
const STARTER = labFile('lab.c');
// the line of the splice's continuation, two below the starter's #include "course.h"
const SPLICE_LINE = STARTER.split('\n').indexOf('#include "course.h"') + 3;

function put(rel, text) {
  const p = path.join(top, 'class', rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}

function grade() {
  const limits = `GRADE_LIMITS=${JSON.stringify({ preprocess: { cpu: 2, wall: 120 } })}`;
  const r = makeGrade(ROOT, path.join(top, 'class'), out, [limits]);
  return { status: r.status, out: r.stdout + r.stderr };
}

test('a class graded into a gradebook, a summary and report pages, then resumed', () => {
  put('alice.c', labFile('solution.c'));
  put('bob/lab.c', STARTER.replace('\twhile (!need_to_stop)', '\twhile (!need_to_stp)'));
  put('carol/my-fix.c', STARTER.replace('unreachable: hang(t1)', 'reachable: hang(t1)'));
  put('=SUM(A1)/lab.c', STARTER.replace('#include "course.h"', '#include "course.h"\n#\\\ninclude "/etc/hostname"'));
  // every macro doubles the text: the preprocessor outlives its 2 s CPU limit (a CPU limit: the
  // machine's load cannot make the other files' preprocessors hit it)
  const boom = ['#define A0 x'].concat(Array.from({ length: 40 }, (_, i) => `#define A${i + 1} A${i} A${i}`));
  put(
    'frank.c',
    STARTER.replace('#include "course.h"', '#include "course.h"\n' + boom.join('\n') + '\nint f(void) { return A40; }'),
  );
  fs.mkdirSync(path.join(top, 'class', 'dan'));
  put('erin/a.c', STARTER);
  put('erin/b.c', STARTER);
  const first = grade();
  assert.strictEqual(first.status, 0, first.out);
  const csv = fs.readFileSync(path.join(out, 'gradebook.csv'), 'utf8').split('\r\n');
  assert.strictEqual(csv[0], 'student,verdict,reason,cost');
  const rows = Object.fromEntries(
    csv
      .slice(1)
      .filter(Boolean)
      .map((l) => [l.split(',')[0], l]),
  );
  assert.deepStrictEqual(Object.keys(rows).sort(), ["'=SUM(A1)", 'alice', 'bob', 'carol', 'dan', 'erin', 'frank']);
  assert.match(rows.alice, /^alice,PASS,,"3 marked, 0 barriers"$/);
  assert.match(rows.bob, /^bob,FAIL,line \d+: does not compile for gcc-12\/x86_64\/O2/);
  assert.match(rows.carol, /^carol,FAIL,"line \d+: the metadata block differs/);
  assert.match(
    rows["'=SUM(A1)"],
    new RegExp(`^'=SUM\\(A1\\),FAIL,"line ${SPLICE_LINE}: reads ""/etc/hostname"" .*nothing else",$`),
  );
  assert.match(rows.frank, /^frank,TIMEOUT,preprocess: TIMEOUT: used more than the CPU-time limit of 2 s,$/);
  assert.strictEqual(rows.dan, 'dan,ERROR,no .c file,');
  assert.strictEqual(rows.erin, 'erin,ERROR,several .c files and no lab.c: a.c b.c,');
  const host = fs.readFileSync('/etc/hostname', 'utf8').trim();
  const html = fs.readFileSync(path.join(out, 'summary.html'), 'utf8');
  assert.match(
    html,
    /<tr><td>TIMEOUT at preprocess \(cpu\)<\/td><td>1<\/td><td><a href="reports\/frank\/index.html">frank<\/a><\/td><\/tr>/,
  );
  assert.match(html, /<tr><td>no \.c file<\/td><td>1<\/td><td><a href="reports\/dan\/index.html">dan<\/a><\/td><\/tr>/);
  // every student has a report; a passing one links the lab page built from their file
  const report = (s) => fs.readFileSync(path.join(out, 'reports', safeName(s), 'index.html'), 'utf8');
  assert.match(report('alice'), /Verdict: <strong>PASS<\/strong>/);
  assert.match(report('alice'), /<a href="site\/labs\/polling\.html">/);
  const labs = path.join(out, 'reports', 'alice', 'site', 'labs');
  const page = fs.readFileSync(path.join(labs, 'polling.html'), 'utf8');
  // the student's outcome tables are on the verified record's page beside it, linked from the lab page
  assert.ok(page.includes('href="../labs/ex-lab-polling.record.html"'), 'the lab page links its record');
  assert.match(
    fs.readFileSync(path.join(labs, 'ex-lab-polling.record.html'), 'utf8'),
    /data-explore="lab\/polling:student:/,
  );
  assert.match(report('bob'), /<h2>Compiler diagnostics<\/h2>\n<pre>.*need_to_stp/s);
  assert.match(report('=SUM(A1)'), /reads &quot;\/etc\/hostname&quot;/);
  assert.match(report('frank'), /The sandbox stopped the step <code>preprocess<\/code>/);
  assert.match(report('dan'), /no \.c file/);
  for (const s of ['alice', 'bob', 'carol', '=SUM(A1)', 'frank'])
    assert.ok(!report(s).includes(host) && !rows[s === '=SUM(A1)' ? "'=SUM(A1)" : s].includes(host), s);

  put('bob/lab.c', STARTER.replace('unreachable: hang(t1)', 'reachable: hang(t1)')); // bob resubmits
  const second = grade();
  assert.strictEqual(second.status, 0, second.out);
  assert.strictEqual((second.out.match(/\(kept\)/g) || []).length, 4, second.out);
  assert.match(second.out, /\] bob: FAIL - line \d+: the metadata block differs/);
});
