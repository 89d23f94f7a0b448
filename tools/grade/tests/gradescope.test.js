// gradescope.test.js - Gradescope's format, run as Gradescope runs it: `make gradescope LAB=polling`
// builds the autograder zip; a scratch directory is laid out as Gradescope lays out its image
// (/autograder/source the unzipped bundle, run_autograder copied beside it, submission/, results/),
// mounted at /autograder (bubblewrap); setup.sh runs there, then run_autograder for each submission,
// and results.json must say what the grader said. No sandbox can be made inside that container (as in
// Gradescope's): the default bundle refuses visibly, the bundle made with UNSANDBOXED=1 (the teacher's
// opt-out) grades. The bundle may hold no solution, wrong fix, over-fenced fix or test.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const { ROOT, LAB, scratchDir, run, assertNoSolutions, unzip, inAutograder } = require('./formats');

const scratch = scratchDir('gradescope');

test('Gradescope: the bundle, setup.sh and run_autograder in /autograder, results.json', () => {
  const m = run('make', ['--no-print-directory', 'gradescope', `LAB=${LAB}`], { cwd: ROOT });
  assert.strictEqual(m.status, 0, m.out);
  const zip = path.join(ROOT, 'build', 'dist', `gradescope-${LAB}.zip`);
  const ag = path.join(scratch, 'autograder');
  for (const d of ['source', 'submission', 'results']) fs.mkdirSync(path.join(ag, d), { recursive: true });
  unzip(zip, path.join(ag, 'source'));
  const files = run('python3', ['-m', 'zipfile', '-l', zip])
    .out.split('\n')
    .map((l) => l.split(/\s+/)[0]);
  assertNoSolutions(files, 'the Gradescope bundle');
  for (const f of ['setup.sh', 'run_autograder', 'LAB']) assert.ok(fs.existsSync(path.join(ag, 'source', f)), f);
  fs.copyFileSync(path.join(ag, 'source', 'run_autograder'), path.join(ag, 'run_autograder'));
  fs.chmodSync(path.join(ag, 'run_autograder'), 0o755);
  const setup = inAutograder(ag, ['bash', '/autograder/source/setup.sh']);
  assert.strictEqual(setup.status, 0, setup.out);

  const grade = (file) => {
    fs.rmSync(path.join(ag, 'submission'), { recursive: true, force: true });
    fs.mkdirSync(path.join(ag, 'submission'));
    if (file) fs.copyFileSync(file, path.join(ag, 'submission', 'lab.c'));
    fs.rmSync(path.join(ag, 'results', 'results.json'), { force: true });
    inAutograder(ag, ['/autograder/run_autograder']);
    return JSON.parse(fs.readFileSync(path.join(ag, 'results', 'results.json'), 'utf8'));
  };
  // A container like Gradescope's (and this scratch image) lets no sandbox be made inside it: the
  // default bundle refuses to grade, visibly; the teacher's opt-out (UNSANDBOXED=1) grades.
  const refused = grade(path.join(ROOT, 'labs', LAB, 'solution.c'));
  assert.strictEqual(refused.score, 0);
  assert.match(refused.output, /^Lab polling: REFUSED/);
  assert.ok(
    refused.tests.some(
      (t) =>
        t.status === 'failed' &&
        /REFUSED: bubblewrap cannot create a sandbox on this machine .*opt out explicitly/.test(t.output),
    ),
    JSON.stringify(refused),
  );
  const opt = run('make', ['--no-print-directory', 'gradescope', `LAB=${LAB}`, 'UNSANDBOXED=1'], { cwd: ROOT });
  assert.strictEqual(opt.status, 0, opt.out);
  unzip(zip, path.join(ag, 'source'));
  assert.ok(fs.existsSync(path.join(ag, 'source', 'UNSANDBOXED')));
  const setup2 = inAutograder(ag, ['bash', '/autograder/source/setup.sh']);
  assert.strictEqual(setup2.status, 0, setup2.out);
  // the same sources with the times they were bundled with: the C tools the first setup built are up
  // to date (compiling them is the first setup's check; a second build would only cost the time)
  assert.doesNotMatch(setup2.out, /^(cc |built )/m, 'the second setup compiled the C tools again');
  const pass = grade(path.join(ROOT, 'labs', LAB, 'solution.c'));
  assert.strictEqual(pass.score, 1, JSON.stringify(pass));
  assert.match(pass.output, /^Lab polling: PASS/);
  assert.ok(pass.tests.length > 4 && pass.tests.every((t) => t.status === 'passed' && t.visibility === 'visible'));
  const none = grade(null);
  assert.strictEqual(none.score, 0);
  assert.match(none.output, /without a result/);
  const broken = path.join(scratch, 'broken.c');
  fs.writeFileSync(
    broken,
    fs.readFileSync(path.join(ROOT, 'labs', LAB, 'lab.c'), 'utf8').replace('THREAD(t1)', 'THREAD(t1) oops'),
  );
  const fail = grade(broken);
  assert.strictEqual(fail.score, 0);
  assert.ok(
    fail.tests.some((t) => t.status === 'failed' && /^compiles for /.test(t.name) && /oops|error/.test(t.output)),
  );
});
