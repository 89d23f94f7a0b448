// archives.test.js - the three archives (node --test, `make lab-test`): the student kit holds every
// starter and lab page, the checker and what it runs, and no solution, wrong fix, over-fenced fix or
// lab test; unpacked in a fresh directory its checker fails the starter and passes the solution; the
// teacher's archive holds every lab file; the site archive holds the whole site under course-site/.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const LABS = require('../lib/config').load().labs;

function make(target, cwd) {
  const r = spawnSync('make', ['--no-print-directory', ...[].concat(target)], { cwd: cwd || ROOT, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}
function makeEnv(target, cwd, env) {
  const r = spawnSync('make', ['--no-print-directory', ...[].concat(target)], {
    cwd,
    encoding: 'utf8',
    env: Object.assign({}, process.env, env),
  });
  return { status: r.status, out: r.stdout + r.stderr };
}
function list(archive) {
  const r = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split('\n').filter(Boolean);
}

test('the student kit: starters, pages and the checker; no solution, wrong fix or test', () => {
  const m = make('lab-kit');
  assert.equal(m.status, 0, m.out);
  const files = list(path.join(ROOT, 'build/dist/lab-kit.tar.gz'));
  for (const lab of LABS) {
    assert.ok(files.includes(`lab-kit/labs/${lab}/lab.c`), lab);
    assert.ok(files.includes(`lab-kit/content/labs/${lab}.md`), lab);
    assert.ok(files.includes(`lab-kit/course-site/labs/${lab}.html`), lab);
  }
  for (const f of [
    'Makefile',
    'README.md',
    'tools/lab/lab.js',
    'tools/lab/reference.json',
    'tools/lab/lab.mk',
    'tools/asm/compile.sh',
    'tools/wasm/lib/outcomes.js',
    'tools/gen/gen.mk',
    'site/config.lua',
    'tools/wasm/runtime.js',
    'examples/include/course.h',
    'examples/targets.conf',
    'course-site/index.html',
    'tools/sandbox/sandbox.mk',
    'tools/sandbox/sandbox.js',
    'tools/sandbox/src/main.c',
    'tools/jslib/fsutil.js',
    'tools/example/example.mk',
    'tools/example/example.h',
    'tools/example/meta.c',
  ])
    assert.ok(files.includes('lab-kit/' + f), f);
  const leaked = files.filter((f) =>
    /solution|\/wrong\/|overfenced|tools\/lab\/tests\/|content\/labs\/instructor\.md/.test(f),
  );
  assert.deepEqual(leaked, []);
});

test('the kit works unpacked in a fresh directory: the starter fails, the solution passes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-kit-'));
  try {
    const x = spawnSync('tar', ['-xzf', path.join(ROOT, 'build/dist/lab-kit.tar.gz'), '-C', dir], { encoding: 'utf8' });
    assert.equal(x.status, 0, x.stderr);
    const kit = path.join(dir, 'lab-kit');
    // every script the checker's node loads must be the kit's; the explorer's nodes run in the sandbox
    // (a clean environment: the hook does not reach them), where only the kit's tools/wasm and
    // explore-child.js are visible, so they cannot load anything else
    const hook = path.join(dir, 'record-modules.js'),
      loaded = path.join(dir, 'modules.log');
    fs.writeFileSync(
      hook,
      `const Module = require('module'), fs = require('fs'), seen = new Set();
const resolve = Module._resolveFilename;
Module._resolveFilename = function (...a) { const r = resolve.apply(this, a); seen.add(r); return r; };
process.on('exit', () => fs.appendFileSync(${JSON.stringify(loaded)}, [process.argv[1], ...seen].join('\\n') + '\\n'));
`,
    );
    const starter = makeEnv(['lab-check', 'LAB=polling'], kit, { NODE_OPTIONS: `--require ${hook}` });
    assert.equal(starter.status !== 0, true, starter.out);
    assert.match(starter.out, /^FAIL/m);
    assert.match(starter.out, /witness: schedule [0-3]+ /);
    const files = fs
      .readFileSync(loaded, 'utf8')
      .split('\n')
      .filter((f) => path.isAbsolute(f));
    for (const f of ['tools/lab/lab.js', 'tools/lab/lib/pipeline.js', 'tools/sandbox/sandbox.js'])
      assert.ok(files.includes(path.join(kit, f)), `the kit's ${f} was loaded: ${files.join(' ')}`);
    const outside = files.filter((f) => !f.startsWith(kit + path.sep) && f !== hook && !f.startsWith('/usr/'));
    assert.deepEqual(outside, [], 'the kit runs only its own scripts');
    const res = JSON.parse(fs.readFileSync(path.join(kit, 'build/lab/polling/result.json'), 'utf8'));
    assert.equal(res.verdict, 'FAIL');
    assert.equal(res.limit, null, 'graded in the sandbox, not stopped by it');
    assert.ok(fs.existsSync(path.join(kit, 'build/sandbox/sandbox')), 'the kit built its sandbox');
    assert.ok(fs.existsSync(path.join(kit, 'build/lab/polling/site/labs/polling.html')), 'the lab page was built');
    assert.ok(res.witness.link.startsWith('file://' + kit + '/build/lab/polling/site/labs/polling.html#explore='));
    fs.copyFileSync(path.join(ROOT, 'labs/polling/solution.c'), path.join(kit, 'labs/polling/lab.c'));
    const sol = make(['lab-check', 'LAB=polling'], kit);
    assert.equal(sol.status, 0, sol.out);
    assert.match(sol.out, /^PASS$/m);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the teacher's archive holds every lab file", () => {
  const m = make('lab-solutions');
  assert.equal(m.status, 0, m.out);
  const files = list(path.join(ROOT, 'build/dist/lab-solutions.tar.gz'));
  for (const lab of LABS) {
    for (const f of fs.readdirSync(path.join(ROOT, 'labs', lab), { recursive: true }).filter((f) => f.endsWith('.c')))
      assert.ok(files.includes(`lab-solutions/labs/${lab}/${f}`), `${lab}/${f}`);
  }
  assert.ok(files.includes('lab-solutions/content/labs/instructor.md'));
});

test('the site archive holds the whole site under course-site/', () => {
  const m = make('dist');
  assert.equal(m.status, 0, m.out);
  const files = list(path.join(ROOT, 'build/dist/course-site.tar.gz'));
  const site = fs
    .readdirSync(path.join(ROOT, 'build/site'), { recursive: true })
    .filter((f) => fs.statSync(path.join(ROOT, 'build/site', f)).isFile());
  for (const f of site) assert.ok(files.includes('course-site/' + f), f);
  for (const lab of LABS) assert.ok(files.includes(`course-site/labs/${lab}.html`), lab);
});
