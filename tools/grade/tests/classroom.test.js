// classroom.test.js - GitHub Classroom's format, run as the action runs it: `make classroom LAB=polling`
// builds the template repository; its workflow is read as YAML (js-yaml), and the command-grader steps
// run in a checkout of the repository (a fresh copy, GITHUB_WORKSPACE, the job's env) as the action runs
// them: the score is the exit status. The repository may hold no solution, wrong fix, over-fenced fix
// or test.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
// Debian's node-js-yaml (tools/setup/debian-packages.txt), where Debian installs node modules
const yaml = require('/usr/share/nodejs/js-yaml');
const { ROOT, LAB, scratchDir, run, assertNoSolutions } = require('./formats');

const scratch = scratchDir('classroom');

test('GitHub Classroom: the template repository and its workflow, run as the command grader runs it', () => {
  const m = run('make', ['--no-print-directory', 'classroom', `LAB=${LAB}`], { cwd: ROOT });
  assert.strictEqual(m.status, 0, m.out);
  const repo = path.join(ROOT, 'build', 'dist', `classroom-${LAB}`);
  const files = run('find', ['.', '-type', 'f'], { cwd: repo })
    .out.split('\n')
    .filter((f) => !f.startsWith('./course-site/'));
  assertNoSolutions(files, 'the GitHub Classroom repository');
  const wf = yaml.load(fs.readFileSync(path.join(repo, '.github', 'workflows', 'classroom.yml'), 'utf8'));
  assert.deepStrictEqual(wf.on, ['push', 'repository_dispatch']);
  const job = wf.jobs['run-autograding-tests'];
  const graders = job.steps.filter((s) => s.uses === 'classroom-resources/autograding-command-grader@v1');
  const reporter = job.steps.find((s) => s.uses === 'classroom-resources/autograding-grading-reporter@v1');
  assert.strictEqual(graders.length, 1);
  assert.deepStrictEqual(
    reporter.with.runners.split(','),
    graders.map((s) => s.id),
  );
  for (const s of graders)
    assert.ok(reporter.env[`${s.id.toUpperCase()}_RESULTS`].includes(`steps.${s.id}.outputs.result`));

  // The setup-command's build is Gradescope's setup.sh's, to the letter: the same make of the same
  // targets from the same kit, which gradescope.test.js runs from scratch. So here each checkout starts
  // with the C tools `make grade-test` built from these sources (as a runner's cache would keep them,
  // and nothing else of its build/), and setup-command finds them up to date.
  const setupMake = fs
    .readFileSync(path.join(ROOT, 'tools/grade/gradescope/setup.sh'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('make '));
  for (const s of graders) assert.ok(s.with['setup-command'].endsWith(` && ${setupMake}`), s.with['setup-command']);
  const tools = ['build/asm/asm-tool', 'build/sandbox/sandbox', 'build/native/native-tool', 'build/native/obj'];
  let checkouts = 0;
  const grade = (labC) => {
    const work = path.join(scratch, `checkout-${++checkouts}`);
    assert.strictEqual(run('cp', ['-a', repo, work]).status, 0);
    for (const t of tools) {
      fs.mkdirSync(path.dirname(path.join(work, t)), { recursive: true });
      assert.strictEqual(run('cp', ['-a', path.join(ROOT, t), path.join(work, t)]).status, 0);
    }
    if (labC) fs.copyFileSync(labC, path.join(work, 'labs', LAB, 'lab.c'));
    let score = 0;
    for (const s of graders) {
      const env = Object.assign({}, process.env, job.env, { GITHUB_WORKSPACE: work, CI: 'true' });
      const opts = { cwd: work, env, timeout: s.with.timeout * 60 * 1000 };
      const setup = run('sh', ['-c', s.with['setup-command']], opts);
      assert.strictEqual(setup.status, 0, setup.out);
      assert.doesNotMatch(setup.out, /^(cc |built )/m, 'setup-command compiled the C tools');
      const r = run('sh', ['-c', s.with.command], opts);
      if (r.status === 0) score += s.with['max-score'];
    }
    return score;
  };
  assert.strictEqual(grade(path.join(ROOT, 'labs', LAB, 'solution.c')), 1);
  const broken = path.join(scratch, 'broken.c');
  fs.writeFileSync(
    broken,
    fs.readFileSync(path.join(ROOT, 'labs', LAB, 'lab.c'), 'utf8').replace('THREAD(t1)', 'THREAD(t1) oops'),
  );
  assert.strictEqual(grade(broken), 0);
});
