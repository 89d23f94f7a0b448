// units.test.js - the batch-grading writers on real grader results (fixtures/polling-*.json,
// written by `lab.js check` on the polling lab's solution, starter, a wrong fix and the
// over-fenced fix) and on the sandbox's verdicts: gradebook rows and CSV, the class summary
// (counts, reasons, wrong fixes named after the lab's own), Gradescope's results.json.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const gradebook = require('../lib/gradebook');
const summary = require('../lib/summary');
const gradescope = require('../lib/gradescope');

const fixture = (n) => JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', `polling-${n}.json`), 'utf8'));
const pass = fixture('solution');
const starter = fixture('lab');
const wrong = fixture('read-once-before-loop');
const over = fixture('overfenced');
const timeout = Object.assign({}, starter, {
  verdict: 'TIMEOUT',
  reasons: [],
  evidence: [],
  expect: [],
  cost: null,
  limit: {
    step: 'explore',
    name: 'wall',
    value: 300,
    unit: 's',
    message: 'explore: TIMEOUT: ran longer than the wall-clock limit of 300 s',
  },
});
const rejected = Object.assign({}, starter, {
  verdict: 'FAIL',
  stage: 'read',
  evidence: [],
  expect: [],
  cost: null,
  reasons: [
    {
      kind: 'check',
      line: 3,
      message: 'class/mallory/lab.c:3: assembler directive ".incbin" reads a file: not allowed in a lab file',
    },
  ],
});

test('the fixtures are what the grader says about these files', () => {
  assert.strictEqual(pass.verdict, 'PASS');
  assert.strictEqual(starter.verdict, 'FAIL');
  assert.ok(starter.witness && starter.witness.schedule !== undefined);
  assert.strictEqual(wrong.verdict, 'FAIL');
  assert.ok(wrong.reasons.some((r) => r.kind === 'evidence'));
  assert.strictEqual(over.verdict, 'PASS');
  assert.ok(over.cost.warnings.length > 0);
});

test("gradebook rows: verdict, the first reason without the student's path, cost", () => {
  assert.deepStrictEqual(gradebook.rowOf('alice', pass), {
    student: 'alice',
    verdict: 'PASS',
    reason: '',
    cost: `${pass.cost.source.marked.total} marked, ${pass.cost.source.barriers.total} barriers`,
  });
  const w = gradebook.rowOf('bob', wrong);
  assert.strictEqual(w.verdict, 'FAIL');
  assert.match(w.reason, /^line \d+: evidence loads_in_loop\(t1, need_to_stop\) >= 1 does not hold on /);
  assert.ok(!w.reason.includes('labs/polling'));
  assert.match(gradebook.rowOf('carol', over).cost, /barriers; .*reference/);
  assert.deepStrictEqual(gradebook.rowOf('dave', timeout), {
    student: 'dave',
    verdict: 'TIMEOUT',
    reason: 'explore: TIMEOUT: ran longer than the wall-clock limit of 300 s',
    cost: '',
  });
  assert.deepStrictEqual(gradebook.rowOf('erin', null), {
    student: 'erin',
    verdict: 'ERROR',
    reason: 'the grader wrote no result',
    cost: '',
  });
  assert.strictEqual(
    gradebook.rowOf('mallory', rejected).reason,
    'line 3: assembler directive ".incbin" reads a file: not allowed in a lab file',
  );
});

test('CSV: RFC 4180 quoting, no cell a spreadsheet would run', () => {
  const csv = gradebook.toCsv([
    { student: 'alice', verdict: 'PASS', reason: '', cost: '1 marked, 0 barriers' },
    { student: '=HYPERLINK("x")', verdict: 'FAIL', reason: 'a "quoted", multi\nline reason', cost: '-1' },
  ]);
  assert.strictEqual(
    csv,
    'student,verdict,reason,cost\r\nalice,PASS,,"1 marked, 0 barriers"\r\n' +
      '"\'=HYPERLINK(""x"")",FAIL,"a ""quoted"", multi\nline reason",\'-1\r\n',
  );
});

test("class summary: verdict counts, failed checks, wrong fixes named after the lab's", () => {
  const known = [{ name: 'read-once-before-loop', fails: 'loads_in_loop(t1, need_to_stop)' }];
  const s = summary.summarize(
    'polling',
    [
      { student: 'a', result: pass },
      { student: 'b', result: wrong },
      { student: 'c', result: wrong },
      { student: 'd', result: starter },
      { student: 'e', result: timeout },
      { student: 'f', result: null },
    ],
    known,
  );
  assert.strictEqual(s.total, 6);
  assert.deepStrictEqual(s.verdicts, { PASS: 1, FAIL: 3, TIMEOUT: 1, ERROR: 1 });
  assert.deepStrictEqual(s.wrongFixes[0].students, ['b', 'c']);
  assert.deepStrictEqual(s.wrongFixes[0].like, ['read-once-before-loop']);
  assert.ok(s.reasons.some((r) => r.key === 'TIMEOUT at explore (wall)' && r.students[0] === 'e'));
  assert.ok(s.reasons.some((r) => r.key === 'no result'));
  const starterSet = s.wrongFixes.find((w) => w.students.includes('d'));
  assert.ok(starterSet.checks.includes('outcome unreachable: done && r1 == 0'));
});

test('summary page: escaped, linked to each report', () => {
  const s = summary.summarize('polling', [{ student: '<img src=x onerror=alert(1)>', result: wrong }], []);
  const html = summary.toHtml(s, (st) => `reports/${encodeURIComponent(st)}.html`);
  assert.ok(!html.includes('<img'));
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
  assert.ok(html.includes('href="reports/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E.html"'));
});

test('Gradescope results.json: score, a visible test per check, the witness link', () => {
  const p = gradescope.results(pass, 10);
  assert.strictEqual(p.score, 10);
  assert.ok(p.tests.length >= pass.targets.length + pass.evidence.length + pass.expect.length);
  assert.ok(p.tests.every((t) => t.status === 'passed' && t.visibility === 'visible'));
  const f = gradescope.results(starter, 10);
  assert.strictEqual(f.score, 0);
  const stale = f.tests.find((t) => t.name === 'outcome unreachable: done && r1 == 0');
  assert.strictEqual(stale.status, 'failed');
  assert.match(stale.output, /schedule 10 reaches .*\nreplay it in the explorer: file:/);
  assert.strictEqual(f.tests.find((t) => t.name === 'outcome unreachable: hang(t1)').status, 'passed');
  const t = gradescope.results(timeout, 10);
  assert.deepStrictEqual(
    t.tests.map((x) => [x.name, x.status]),
    [['limits (explore)', 'failed']],
  );
  const r = gradescope.results(rejected, 10);
  assert.strictEqual(r.tests[0].status, 'failed');
  assert.match(r.tests[0].output, /\.incbin/);
  assert.strictEqual(gradescope.results(null, 10).score, 0);
  assert.match(gradescope.results(over, 1).output, /Cost warnings/);
});

test("a student's report page: verdict, reasons, witness replayed in their lab page, cost; everything escaped", () => {
  const report = require('../lib/report');
  const html = report.toHtml('<img src=x>', starter, 'site/labs/polling.html');
  assert.match(html, /<title>polling: &lt;img src=x&gt;<\/title>/);
  assert.match(html, /Verdict: <strong>FAIL<\/strong>/);
  assert.match(html, /<a href="site\/labs\/polling\.html">the lab page built from your file<\/a>/);
  const w = starter.witness.schedule;
  assert.ok(
    html.includes(`<a href="site/labs/polling.html#explore=lab/polling:student:${w}">replay it in the explorer</a>`),
  );
  assert.match(html, /<td>marked accesses<\/td><td>0<\/td><td>3<\/td>/);
  const hostile = Object.assign({}, rejected, {
    reasons: [{ kind: 'check', line: 3, message: 'x.c:3: "</pre><script>alert(1)</script>"' }],
    diagnostics: '<script>',
  });
  const h = report.toHtml('m', hostile, null);
  assert.ok(!/<script>/.test(h), 'no markup from the result');
  assert.match(h, /&lt;\/pre&gt;&lt;script&gt;/);
  assert.match(
    report.toHtml('t', timeout, null),
    /The sandbox stopped the step <code>explore<\/code>: explore: TIMEOUT: ran longer/,
  );
  assert.match(report.toHtml('n', null, null), /<strong>ERROR<\/strong>: the grader wrote no result/);
});

// A fix that passes every interleaving and fails on the Arm machine (the publish lab's wrong fix
// marked-loads-only.c, graded by `lab.js check publish ... --no-page`, paths as a teacher's).
const armFail = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'publish-marked-loads-only.json'), 'utf8'));

test('an Armv8 failure: its own check in the summary, the Gradescope tests and the report page', () => {
  assert.strictEqual(armFail.verdict, 'FAIL');
  assert.ok(
    armFail.expect.every((e) => e.ok),
    'every interleaving passes',
  );
  const s = summary.summarize(
    'publish',
    [{ student: 'a', result: armFail }],
    [
      { name: 'marked-loads-only', fails: 'r1 != 42', armv8: true },
      { name: 'read-once-on-target', fails: 'r1 != 42' },
    ],
  );
  assert.deepStrictEqual(s.wrongFixes[0].checks, ['outcome under Armv8 unreachable: r1 != 42']);
  assert.deepStrictEqual(s.wrongFixes[0].like, ['marked-loads-only'], 'named after the Arm-only wrong fix alone');
  const sc = summary.summarize(
    'publish',
    [
      {
        student: 'b',
        result: Object.assign({}, armFail, {
          reasons: [{ kind: 'outcome', model: 'sc', line: 11, expr: 'unreachable: r1 != 42', message: 'x' }],
        }),
      },
    ],
    [{ name: 'marked-loads-only', fails: 'r1 != 42', armv8: true }],
  );
  assert.deepStrictEqual(sc.wrongFixes[0].like, [], 'a failure of every interleaving is not the Arm-only wrong fix');
  const g = gradescope.results(armFail, 10);
  assert.strictEqual(g.score, 0);
  const arm = g.tests.filter((t) => / under Armv8 on /.test(t.name));
  assert.strictEqual(arm.length, 2 * 3, 'three expect-armv8 lines on two AArch64 cells');
  const bad = arm.filter((t) => t.status === 'failed');
  assert.deepStrictEqual(
    bad.map((t) => t.name),
    [
      'outcome unreachable: r1 != 42 under Armv8 on gcc-12/aarch64/O2',
      'outcome unreachable: r1 != 42 under Armv8 on clang-22/aarch64/O2',
    ],
  );
  assert.match(
    bad[0].output,
    /must be impossible, but the model allows "[^"]*NULL pointer[^"]*": an Arm processor may perform .* \(execution: .*R ready=1 from t0:\d+.*R gp=0 from init\)/,
  );
  const html = require('../lib/report').toHtml('a', armFail, null);
  assert.match(html, /<h2>Witness under Armv8 on gcc-12\/aarch64\/O2<\/h2>/);
  assert.match(html, /<td>Armv8 on clang-22\/aarch64\/O2<\/td><td>FAILS<\/td>/);
  // what the processor did, which no interleaving does: the writer's two stores and the reader's two
  // loads performed out of program order, nothing ordering either pair
  assert.deepStrictEqual(armFail.armv8.witness.reordered, [
    ['t0:29 W gp', 't0:30 W ready'],
    ['t1:38 R ready', 't1:40 R gp'],
  ]);
  assert.match(
    bad[0].output,
    /an Arm processor may perform t0:29 W gp after t0:30 W ready and t1:38 R ready after t1:40 R gp: /,
  );
  assert.ok(
    html.includes(
      '<li><code>t0:29 W gp</code> comes before <code>t0:30 W ready</code> in program order, ' +
        'and the processor performed it after</li>',
    ),
    'the report page lists the reordered pairs',
  );
});
