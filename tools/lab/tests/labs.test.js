// labs.test.js - the autograder against every lab's own files (node --test, run by `make lab-test`):
// every lab states its Armv8 expectations; the reference solution passes at no extra cost, on every
// AArch64 cell explored completely under Armv8, and matches tools/lab/reference.json; the starter
// fails with a witness schedule and an explorer link; every wrong fix fails for the reason named on
// its first line ("[fails: ...]", or "[fails under Armv8: ...]": it passes every interleaving and
// fails only on the Arm machine, with a witness execution and the accesses the processor performed
// out of program order); every other correct fix (passes/*.c)
// passes; the over-fenced fix passes with a cost warning.
// The labs are graded side by side, LAB_JOBS at a time (default: the cores); one lab's files one after
// another, in the lab's own work directory.
'use strict';
const { describe, test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const LABS = require('../lib/config').load().labs;
const REFERENCE = JSON.parse(fs.readFileSync(path.join(ROOT, 'tools/lab/reference.json'), 'utf8'));

const JOBS = Math.max(1, +(process.env.LAB_JOBS || os.availableParallelism()));

// Runs argv in ROOT without blocking the other labs' tests; resolves to {status, out (stdout + stderr)}.
function run(argv) {
  return new Promise((resolve, reject) => {
    const c = spawn(argv[0], argv.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '',
      stderr = '';
    c.stdout.on('data', (d) => {
      stdout += d;
    });
    c.stderr.on('data', (d) => {
      stderr += d;
    });
    c.on('error', reject);
    c.on('close', (status) => resolve({ status, out: stdout + stderr }));
  });
}

// Runs the checker on one file, in the lab's test work directory or in work; returns {status, out, res
// (result.json)}.
async function grade(lab, file, tag, work) {
  const dir = path.join(ROOT, 'build', 'lab', 'test', lab);
  const result = path.join(dir, tag + '.json');
  fs.rmSync(result, { force: true });
  const { status, out } = await run([
    'node',
    'tools/lab/lab.js',
    'check',
    lab,
    file,
    '--work',
    work || path.join(dir, 'work'),
    '--result',
    result,
    '--no-page',
  ]);
  assert.ok(fs.existsSync(result), `no result.json for ${file}:\n${out}`);
  return { status, out, res: JSON.parse(fs.readFileSync(result, 'utf8')) };
}

test('labs.conf lists at least six labs, each with its files', () => {
  assert.ok(LABS.length >= 6, LABS.join(' '));
  for (const lab of LABS) {
    for (const f of ['lab.c', 'solution.c', 'overfenced.c'])
      assert.ok(fs.existsSync(path.join(ROOT, 'labs', lab, f)), `${lab}/${f}`);
    assert.ok(fs.existsSync(path.join(ROOT, 'content/labs', lab + '.md')), `content/labs/${lab}.md`);
    const wrong = fs.readdirSync(path.join(ROOT, 'labs', lab, 'wrong')).filter((f) => f.endsWith('.c'));
    assert.ok(wrong.length >= 2, `${lab}: at least two wrong fixes`);
  }
});

// The lab's AArch64 cells, as the grader names them (<target>/<opt>).
function aarch64Cells(lab) {
  const conf = require('../lib/config').load();
  return require('../lib/config')
    .targetsOf(conf, lab)
    .filter((t) => t.endsWith('/aarch64'))
    .map((t) => `${t}/${conf.opt}`);
}

test('every lab graded on an AArch64 target states each expectation under Armv8 too', () => {
  for (const lab of LABS) {
    if (!aarch64Cells(lab).length) continue;
    const lines = fs.readFileSync(path.join(ROOT, 'labs', lab, 'lab.c'), 'utf8').split('\n');
    const sc = lines
      .filter((l) => l.startsWith(' * expect.student: '))
      .map((l) => l.replace(' * expect.student: ', ''));
    const arm = lines
      .filter((l) => l.startsWith(' * expect-armv8.student: '))
      .map((l) => l.replace(' * expect-armv8.student: ', ''));
    assert.ok(sc.length > 0, lab);
    for (const e of sc)
      assert.ok(arm.includes(e), `labs/${lab}/lab.c: no "expect-armv8.student: ${e}" beside its expect.student line`);
  }
});

describe('every lab', { concurrency: JOBS }, () => {
  for (const lab of LABS)
    describe(lab, { concurrency: 1 }, () => {
      const dir = `labs/${lab}`;

      test(`${lab}: the reference solution passes, at the cost recorded in reference.json`, async () => {
        // graded in the work directory of the lab page's checker section (tools/lab/lib/reference.js
        // pageData: `make` graded the same file there), whose caches it finds warm
        const reference = path.join(ROOT, 'build', 'lab', lab, 'reference');
        const { status, out, res } = await grade(lab, `${dir}/solution.c`, 'solution', reference);
        assert.equal(res.verdict, 'PASS', out);
        assert.equal(status, 0, out);
        assert.match(out, /^PASS$/m);
        assert.deepEqual(res.cost.warnings, [], out);
        assert.deepEqual(
          { source: res.cost.source, loops: res.cost.loops },
          REFERENCE[lab].cost,
          'tools/lab/reference.json is stale: run node tools/lab/lab.js reference ' + lab,
        );
        // every AArch64 cell explored completely under Armv8, each expect-armv8 line checked and holding
        assert.deepEqual(Object.keys(res.armv8.cells).sort(), aarch64Cells(lab).sort());
        for (const [cell, c] of Object.entries(res.armv8.cells)) {
          assert.equal(c.status, 'ok', `${cell}: ${c.error}`);
          assert.equal(c.partial, false, cell);
          assert.ok(c.expect.length > 0 && c.expect.every((e) => e.ok), `${cell}: ${JSON.stringify(c.expect)}`);
        }
      });

      test(`${lab}: the starter fails with a witness schedule and a link to it`, async () => {
        const { status, out, res } = await grade(lab, `${dir}/lab.c`, 'starter');
        assert.equal(status, 1, out);
        assert.equal(res.verdict, 'FAIL');
        assert.ok(res.reasons.length > 0);
        assert.ok(res.witness, 'a witness schedule: ' + out);
        assert.match(res.witness.schedule, /^[0-3]*$/); // empty: it happens before any shared access
        assert.equal(
          res.witness.link,
          `file://${ROOT}/build/lab/${lab}/site/labs/${lab}.html#explore=lab/${lab}:student:${res.witness.schedule}`,
        );
        assert.ok(res.outcomes.some((o) => o.witness === res.witness.schedule && o.key === res.witness.outcome));
        assert.match(
          out,
          res.witness.schedule
            ? new RegExp(`witness: schedule ${res.witness.schedule} `)
            : /witness: the empty schedule/,
        );
      });

      const wrongDir = path.join(ROOT, dir, 'wrong');
      for (const w of fs
        .readdirSync(wrongDir)
        .filter((f) => f.endsWith('.c'))
        .sort()) {
        test(`${lab}: wrong fix ${w} fails for the reason it names`, async () => {
          const first = fs.readFileSync(path.join(wrongDir, w), 'utf8').split('\n')[0];
          const m = /^\/\* WRONG: .*\[fails( under Armv8)?: (.+)\] \*\/$/.exec(first);
          assert.ok(
            m,
            `${dir}/wrong/${w}:1: first line must be /* WRONG: <why> [fails: <check>] */ ` +
              'or [fails under Armv8: <check>]',
          );
          const { status, out, res } = await grade(lab, `${dir}/wrong/${w}`, 'wrong-' + w);
          assert.equal(status, 1, out);
          assert.equal(res.verdict, 'FAIL');
          const hit = res.reasons.find((r) => (r.expr || '').includes(m[2]) && (!m[1] || r.model === 'armv8'));
          assert.ok(
            hit,
            `expected a failure of "${m[2]}"${m[1] || ''}, got:\n${res.reasons.map((r) => r.message).join('\n')}`,
          );
          if (m[1]) {
            // a pass under sequential consistency proves nothing about the Arm machine: this one passes
            // every interleaving and fails on it, with the execution that reaches the outcome
            assert.deepEqual(
              res.reasons.filter((r) => r.model !== 'armv8'),
              [],
              out,
            );
            assert.ok(hit.execution && hit.outcome && hit.target.endsWith('/aarch64/O2'), JSON.stringify(hit));
            assert.match(out, new RegExp(`under Armv8 on ${hit.target}: `));
            // and says what the processor did: the pairs of one thread's accesses the execution performs
            // out of program order that nothing orders, each an event of the execution
            assert.ok(hit.reordered.length > 0, JSON.stringify(hit));
            for (const pair of hit.reordered) {
              for (const ev of pair) assert.ok(hit.execution.includes(ev + '='), `${ev} is not in ${hit.execution}`);
              assert.equal(pair[0].split(':')[0], pair[1].split(':')[0], `one thread's pair: ${pair}`);
            }
            assert.ok(
              hit.message.includes(`an Arm processor may perform ${hit.reordered[0][0]} after ${hit.reordered[0][1]}`),
              hit.message,
            );
          }
          // the reported line is the metadata line of that check in this file
          const lines = fs.readFileSync(path.join(wrongDir, w), 'utf8').split('\n');
          assert.ok(
            lines[hit.line - 1].includes(hit.expr.replace(/^(un)?reachable: /, '')),
            `line ${hit.line}: ${lines[hit.line - 1]}`,
          );
        });
      }

      const passDir = path.join(ROOT, dir, 'passes');
      const passes = fs.existsSync(passDir)
        ? fs
            .readdirSync(passDir)
            .filter((f) => f.endsWith('.c'))
            .sort()
        : [];
      for (const p of passes) {
        test(`${lab}: another correct fix ${p} passes`, async () => {
          const first = fs.readFileSync(path.join(passDir, p), 'utf8').split('\n')[0];
          assert.match(first, /^\/\* PASSES: .+ \*\/$/, `${dir}/passes/${p}:1: first line must be /* PASSES: <why> */`);
          const { status, out, res } = await grade(lab, `${dir}/passes/${p}`, 'passes-' + p);
          assert.equal(res.verdict, 'PASS', out);
          assert.equal(status, 0, out);
        });
      }

      test(`${lab}: the over-fenced fix passes with a cost warning`, async () => {
        const { status, out, res } = await grade(lab, `${dir}/overfenced.c`, 'overfenced');
        assert.equal(status, 0, out);
        assert.equal(res.verdict, 'PASS');
        assert.ok(res.cost.warnings.length > 0, out);
        assert.match(out, /COST WARNING/);
      });
    });
});
