// formats.test.js - the two services' formats, run as the services run them:
//   Gradescope: `make gradescope LAB=polling` builds the autograder zip; a scratch directory is laid
//   out as Gradescope lays out its image (/autograder/source the unzipped bundle, run_autograder
//   copied beside it, submission/, results/), mounted at /autograder (bubblewrap); setup.sh runs
//   there, then run_autograder for each submission, and results.json must say what the grader said.
//   No sandbox can be made inside that container (as in Gradescope's): the default bundle refuses
//   visibly, the bundle made with UNSANDBOXED=1 (the teacher's opt-out) grades.
//   GitHub Classroom: `make classroom LAB=polling` builds the template repository; its workflow is
//   read as YAML (js-yaml), and the command-grader steps run in a checkout of the repository (a fresh copy,
//   GITHUB_WORKSPACE, the job's env) as the action runs them: the score is the exit status.
// Neither bundle may hold a solution, a wrong fix, an over-fenced fix or a test.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
// Debian's node-js-yaml (tools/setup/debian-packages.txt), where Debian installs node modules
const yaml = require('/usr/share/nodejs/js-yaml');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const LAB = 'polling';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grade-formats-'));
test.after(() => fs.rmSync(scratch, { recursive: true, force: true }));

function run(cmd, args, opts) {
  const r = spawnSync(cmd, args, Object.assign({ encoding: 'utf8', maxBuffer: 64 << 20 }, opts));
  return { status: r.status, out: (r.stdout || '') + (r.stderr || '') };
}

function assertNoSolutions(files, what) {
  const bad = files.filter((f) => /(^|\/)(solution\.c|overfenced\.c|wrong\/|tests?\/)/.test(f) ||
    /reference-solutions|lab-solutions/.test(f));
  assert.deepStrictEqual(bad, [], `${what} holds files a student must not see`);
}

// Unzips as unzip(1) does, file modes included (Python's zipfile, a Debian dependency already).
function unzip(zip, dir) {
  const py = 'import os, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nfor i in z.infolist():\n' +
    '    p = z.extract(i, sys.argv[2])\n    m = (i.external_attr >> 16) & 0o777\n    if m: os.chmod(p, m)\n';
  const r = run('python3', ['-c', py, zip, dir]);
  assert.strictEqual(r.status, 0, r.out);
}

// Gradescope's image: /autograder is the scratch directory; the toolchain and the package
// database are the machine's, read-only.
function inAutograder(dir, argv) {
  const jail = ['--ro-bind', '/usr', '/usr', '--ro-bind', '/etc', '/etc', '--ro-bind', '/var', '/var'];
  for (const l of ['/bin', '/sbin', '/lib', '/lib32', '/lib64']) {
    const st = fs.lstatSync(l, { throwIfNoEntry: false });
    if (st && st.isSymbolicLink()) jail.push('--symlink', fs.readlinkSync(l), l);
    else if (st) jail.push('--ro-bind', l, l);
  }
  jail.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--bind', dir, '/autograder', '--chdir', '/autograder',
    '--setenv', 'HOME', '/root', '--');
  return run('bwrap', jail.concat(argv));
}

test('Gradescope: the bundle, setup.sh and run_autograder in /autograder, results.json', () => {
  const m = run('make', ['--no-print-directory', 'gradescope', `LAB=${LAB}`], { cwd: ROOT });
  assert.strictEqual(m.status, 0, m.out);
  const zip = path.join(ROOT, 'build', 'dist', `gradescope-${LAB}.zip`);
  const ag = path.join(scratch, 'autograder');
  for (const d of ['source', 'submission', 'results']) fs.mkdirSync(path.join(ag, d), { recursive: true });
  unzip(zip, path.join(ag, 'source'));
  const files = run('python3', ['-m', 'zipfile', '-l', zip]).out.split('\n').map((l) => l.split(/\s+/)[0]);
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
    const r = inAutograder(ag, ['/autograder/run_autograder']);
    return JSON.parse(fs.readFileSync(path.join(ag, 'results', 'results.json'), 'utf8'));
  };
  // A container like Gradescope's (and this scratch image) lets no sandbox be made inside it: the
  // default bundle refuses to grade, visibly; the teacher's opt-out (UNSANDBOXED=1) grades.
  const refused = grade(path.join(ROOT, 'labs', LAB, 'solution.c'));
  assert.strictEqual(refused.score, 0);
  assert.match(refused.output, /^Lab polling: REFUSED/);
  assert.ok(refused.tests.some((t) => t.status === 'failed' &&
    /REFUSED: bubblewrap cannot create a sandbox on this machine .*opt out explicitly/.test(t.output)), JSON.stringify(refused));
  const opt = run('make', ['--no-print-directory', 'gradescope', `LAB=${LAB}`, 'UNSANDBOXED=1'], { cwd: ROOT });
  assert.strictEqual(opt.status, 0, opt.out);
  unzip(zip, path.join(ag, 'source'));
  assert.ok(fs.existsSync(path.join(ag, 'source', 'UNSANDBOXED')));
  const setup2 = inAutograder(ag, ['bash', '/autograder/source/setup.sh']);
  assert.strictEqual(setup2.status, 0, setup2.out);
  const pass = grade(path.join(ROOT, 'labs', LAB, 'solution.c'));
  assert.strictEqual(pass.score, 1);
  assert.match(pass.output, /^Lab polling: PASS/);
  assert.ok(pass.tests.length > 4 && pass.tests.every((t) => t.status === 'passed' && t.visibility === 'visible'));
  const none = grade(null);
  assert.strictEqual(none.score, 0);
  assert.match(none.output, /without a result/);
  const broken = path.join(scratch, 'broken.c');
  fs.writeFileSync(broken, fs.readFileSync(path.join(ROOT, 'labs', LAB, 'lab.c'), 'utf8').replace('THREAD(t1)', 'THREAD(t1) oops'));
  const fail = grade(broken);
  assert.strictEqual(fail.score, 0);
  assert.ok(fail.tests.some((t) => t.status === 'failed' && /^compiles for /.test(t.name) && /oops|error/.test(t.output)));
});

test('GitHub Classroom: the template repository and its workflow, run as the command grader runs it', () => {
  const m = run('make', ['--no-print-directory', 'classroom', `LAB=${LAB}`], { cwd: ROOT });
  assert.strictEqual(m.status, 0, m.out);
  const repo = path.join(ROOT, 'build', 'dist', `classroom-${LAB}`);
  const files = run('find', ['.', '-type', 'f'], { cwd: repo }).out.split('\n').filter((f) => !f.startsWith('./course-site/'));
  assertNoSolutions(files, 'the GitHub Classroom repository');
  const wf = yaml.load(fs.readFileSync(path.join(repo, '.github', 'workflows', 'classroom.yml'), 'utf8'));
  assert.deepStrictEqual(wf.on, ['push', 'repository_dispatch']);
  const job = wf.jobs['run-autograding-tests'];
  const graders = job.steps.filter((s) => s.uses === 'classroom-resources/autograding-command-grader@v1');
  const reporter = job.steps.find((s) => s.uses === 'classroom-resources/autograding-grading-reporter@v1');
  assert.strictEqual(graders.length, 1);
  assert.deepStrictEqual(reporter.with.runners.split(','), graders.map((s) => s.id));
  for (const s of graders) assert.ok(reporter.env[`${s.id.toUpperCase()}_RESULTS`].includes(`steps.${s.id}.outputs.result`));

  // The student's repository, checked out; each grader step as the action runs it.
  const work = path.join(scratch, 'checkout');
  const grade = (labC) => {
    fs.rmSync(work, { recursive: true, force: true });
    assert.strictEqual(run('cp', ['-a', repo, work]).status, 0);
    if (labC) fs.copyFileSync(labC, path.join(work, 'labs', LAB, 'lab.c'));
    let score = 0;
    for (const s of graders) {
      const env = Object.assign({}, process.env, job.env, { GITHUB_WORKSPACE: work, CI: 'true' });
      const opts = { cwd: work, env, timeout: s.with.timeout * 60 * 1000 };
      const setup = run('sh', ['-c', s.with['setup-command']], opts);
      assert.strictEqual(setup.status, 0, setup.out);
      const r = run('sh', ['-c', s.with.command], opts);
      if (r.status === 0) score += s.with['max-score'];
    }
    return score;
  };
  assert.strictEqual(grade(path.join(ROOT, 'labs', LAB, 'solution.c')), 1);
  const broken = path.join(scratch, 'broken.c');
  fs.writeFileSync(broken, fs.readFileSync(path.join(ROOT, 'labs', LAB, 'lab.c'), 'utf8').replace('THREAD(t1)', 'THREAD(t1) oops'));
  assert.strictEqual(grade(broken), 0);
});
