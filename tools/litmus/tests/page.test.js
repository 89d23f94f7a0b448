// page.test.js - the Litmus tests page's data (page.js) when the explorer stops at its cap: the
// test's row says "partial" for that model, with the cap and what it found, and the page still
// builds (before issue 31 a capped exploration failed the build). Three CPUs that each take one
// spinlock: the reference needs 6 schedules, the compiled code's exploration about a thousand (each
// spinning read and each failed attempt is a step that races with the unlock), so a cap of 50
// stops it. Needs litmus-tool and the explorer's pipeline (make litmus-test builds them).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync, spawnSync } = require('child_process');

const TOP = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(process.env.BUILD_DIR || path.join(TOP, 'build'));
const TOOL = path.join(BUILD, 'litmus/litmus-tool');

const LOCKS = `C Three+polocks

(*
 * Result: Never
 *
 * Three CPUs take one lock in turn; inside it each adds one to a counter
 * that it reads and writes with READ_ONCE and WRITE_ONCE. The lock makes the
 * critical sections one after the other, so no update is lost.
 *)

{}

P0(int *c, spinlock_t *s)
{
	int r0;

	spin_lock(s);
	r0 = READ_ONCE(*c);
	WRITE_ONCE(*c, r0 + 1);
	spin_unlock(s);
}

P1(int *c, spinlock_t *s)
{
	int r0;

	spin_lock(s);
	r0 = READ_ONCE(*c);
	WRITE_ONCE(*c, r0 + 1);
	spin_unlock(s);
}

P2(int *c, spinlock_t *s)
{
	int r0;

	spin_lock(s);
	r0 = READ_ONCE(*c);
	WRITE_ONCE(*c, r0 + 1);
	spin_unlock(s);
}

exists (c=1 \\/ c=2)
`;

// Four CPUs, one spinlock (issue 31 point 2): the reference needs 257 states under SC, 449 under
// x86-TSO. DPOR stopped at its cap of 200,000 schedules here (every failed attempt and spinning read
// races with the unlock); the explorer's memoised search finishes (about 19,000 states under SC).
const FOUR = LOCKS.replace('C Three+polocks', 'C Four+polocks')
  .replace('Three CPUs', 'Four CPUs')
  .replace(
    /\nexists .*\n$/,
    `
P3(int *c, spinlock_t *s)
{
	int r0;

	spin_lock(s);
	r0 = READ_ONCE(*c);
	WRITE_ONCE(*c, r0 + 1);
	spin_unlock(s);
}

exists (c=1 \\/ c=2 \\/ c=3)
`,
  );

// An RCU test: the explorer runs its grace period (issue 31 point 5), so the page has the compiled
// code's verdicts (before, it had the reference enumerator's, for a test without an example).
const RCU = `C RCU+gp

(*
 * Result: Never
 *
 * P1 missed x inside its read-side section, so the section began before
 * P0's grace period and P1 cannot see y, written after it.
 *)

{}

P0(int *x, int *y)
{
	WRITE_ONCE(*x, 1);
	synchronize_rcu();
	WRITE_ONCE(*y, 1);
}

P1(int *x, int *y)
{
	int r0;
	int r1;

	rcu_read_lock();
	r0 = READ_ONCE(*x);
	r1 = READ_ONCE(*y);
	rcu_read_unlock();
}

exists (1:r0=0 /\\ 1:r1=1)
`;

// Imports files ({name: text}) from tmp/in into tmp/import with litmus-tool, as make litmus does.
function importInto(tmp, files) {
  fs.mkdirSync(path.join(tmp, 'in'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(tmp, 'in', name), text);
  execFileSync(TOOL, ['import', path.join(tmp, 'in'), path.join(tmp, 'import')], { stdio: 'pipe' });
}
// The same, for project litmus files (paths).
function importFiles(tmp, ...files) {
  importInto(tmp, Object.fromEntries(files.map((f) => [path.basename(f), fs.readFileSync(f)])));
}
// page.js on tmp's import with build directory build, writing tmp/tests.json (args go before the import).
function runPage(tmp, build, args = [], env = process.env) {
  const page = path.join(TOP, 'tools/litmus/page.js');
  const out = path.join(tmp, 'tests.json');
  return spawnSync('node', [page, '--build', build, '--out', out, ...args, `project=${path.join(tmp, 'import')}`], {
    env,
    encoding: 'utf8',
  });
}

test('a capped exploration is partial on the page, and the page builds', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-page-'));
  try {
    importInto(tmp, { 'Three+polocks.litmus': LOCKS, 'RCU+gp.litmus': RCU });
    const out = path.join(tmp, 'tests.json');
    const r = runPage(tmp, BUILD, [], Object.assign({}, process.env, { LITMUS_PAGE_CAP: '50' }));
    assert.strictEqual(r.status, 0, `page.js failed: ${r.stderr}`);
    const [rcu, row] = JSON.parse(fs.readFileSync(out, 'utf8')).sets[0].tests;
    assert.strictEqual(rcu.skipped, undefined);
    assert.deepStrictEqual(rcu.verdicts, { sc: 'Never', tso: 'Never' });
    assert.strictEqual(row.lkmm, 'Never');
    assert.deepStrictEqual(row.verdicts, { sc: 'partial', tso: 'partial' });
    assert.deepStrictEqual(
      row.partial.map((p) => [p.model, p.cap, p.among]),
      [
        ['sc', 50, true],
        ['tso', 50, true],
      ],
    );
    assert.ok(
      row.partial.every((p) => p.found >= 1),
      JSON.stringify(row.partial),
    );
    // no verdict, so no reason why the verdicts differ
    assert.strictEqual(row.reason, null);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test("four CPUs taking one spinlock: the explorer finishes, with the reference's verdicts", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-page4-'));
  try {
    importInto(tmp, { 'Four+polocks.litmus': FOUR });
    const out = path.join(tmp, 'tests.json');
    const env = Object.assign({}, process.env);
    delete env.LITMUS_PAGE_CAP;
    const r = runPage(tmp, BUILD, [], env);
    assert.strictEqual(r.status, 0, `page.js failed: ${r.stderr}`);
    const [row] = JSON.parse(fs.readFileSync(out, 'utf8')).sets[0].tests;
    assert.strictEqual(row.lkmm, 'Never');
    assert.deepStrictEqual(row.verdicts, { sc: 'Never', tso: 'Never' }, JSON.stringify(row.partial));
    assert.strictEqual(row.partial, undefined);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

// The Armv8 agreement (issue 26): every AArch64 cell's Armv8 verdict of a course example as written
// is the reference enumerator's, or the cell's own data explains the difference; a kernel-model Never
// test is Never on every AArch64 cell, a cell without a verdict failing it. The native data of a
// course example is copied into a scratch build whose other parts are this build's, and one cell's
// verdict is planted wrong: page.js must fail with the test's file and line.
const NATIVE = (id) => path.join(BUILD, 'data/native/litmus', id + '.json');
const REF = (id) => path.join(process.env.LITMUS_IMPORT || path.join(BUILD, 'litmus/project'), 'ref', id + '.json');
const { armv8Verdicts, armv8Problems } = require(path.join(TOP, 'tools/litmus/page.js'));
const { predicateTrees } = require(path.join(TOP, 'tools/wasm/lib/metafiles.js'));

// A scratch build holding native data for one course example (edited by plant), and armv8Verdicts's
// view of it with armv8Problems's messages.
function planted(id, plant) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-a8-'));
  const native = JSON.parse(fs.readFileSync(NATIVE(id), 'utf8'));
  plant(native);
  fs.mkdirSync(path.join(tmp, 'data/native/litmus'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'data/native/litmus', id + '.json'), JSON.stringify(native));
  const ref = JSON.parse(fs.readFileSync(REF(id), 'utf8'));
  const tree = predicateTrees([ref.condition.predicate], { threads: ref.threads, outcome: ref.outcome })[0];
  const a8 = armv8Verdicts(tmp, 'litmus/' + id, tree, ref.models);
  fs.rmSync(tmp, { recursive: true, force: true });
  return { a8, problems: armv8Problems(a8, ref.lkmm && ref.lkmm.result), ref };
}
const cell = (native, name) => native.cells[name].fixed;
const reaching = { key: 'P1_r0=1 P1_r1=0', values: { P1_r0: 1, P1_r1: 0 }, hang: [], crash: null, done: true };

test('every course example: its AArch64 cells agree with the reference under Armv8 (the real figures)', () => {
  const ids = fs.readdirSync(path.join(TOP, 'examples/litmus')).map((f) => path.basename(f, '.c'));
  assert.ok(ids.length >= 8, ids.join(' '));
  for (const id of ids) {
    const { a8, problems, ref } = planted(id, () => {});
    assert.deepStrictEqual(problems, [], id);
    assert.strictEqual(a8.missing.length, 0, id);
    assert.strictEqual(a8.ncells, 20, id);
    assert.deepStrictEqual(a8.counts, { [ref.models.armv8.verdict]: 20 }, id);
  }
});

test('a Never test reachable on one AArch64 cell is an error, explained or not', () => {
  const id = 'mp-pooncerelease-poacquireonce';
  let { a8, problems } = planted(id, (n) => cell(n, 'clang-19/aarch64/O2').armv8.outcomes.push(reaching));
  assert.deepStrictEqual(a8.differs, [{ cell: 'clang-19/aarch64/O2', verdict: 'Sometimes', why: null }]);
  assert.strictEqual(a8.verdict, null);
  assert.match(
    problems[0],
    /^on clang-19\/aarch64\/O2 the compiled code's Armv8 verdict is Sometimes, the reference enumerator's .* Never, and the cell's data shows no compiler change/,
  );
  assert.match(
    problems[1],
    /kernel's model says Never, yet the compiled code reaches the condition under Armv8 on 1 AArch64 cell$/,
  );
  // the compiler's doing (the cell reaches it under SC too) explains the difference, not a broken Never test
  ({ a8, problems } = planted(id, (n) => {
    cell(n, 'gcc-12/aarch64/O1').armv8.outcomes.push(reaching);
    cell(n, 'gcc-12/aarch64/O1').outcomes.push(reaching);
  }));
  assert.match(
    a8.differs[0].why,
    /^the compiler changed the accesses themselves: under interleaving \(SC\) this code's verdict is already Sometimes, the test's Never$/,
  );
  assert.deepStrictEqual(problems.length, 1);
  assert.match(problems[0], /yet the compiled code reaches the condition/);
});

test('a Never test with a cell partial or not explored under Armv8 is an error, not agreement', () => {
  const { a8, problems } = planted('sb-fencembonceonces', (n) => {
    cell(n, 'clang-14/aarch64/O0').armv8.partial = true;
    cell(n, 'clang-14/aarch64/O0').armv8.why = 'loop bound 3';
    delete n.cells['clang-22/aarch64/Os'];
  });
  assert.strictEqual(a8.ncells, 18);
  assert.strictEqual(a8.verdict, null);
  assert.deepStrictEqual(a8.missing, [
    { cell: 'clang-14/aarch64/O0', why: 'partial (loop bound 3)' },
    { cell: 'clang-22/aarch64/Os', why: 'not explored under Armv8' },
  ]);
  assert.strictEqual(problems.length, 2, problems.join('\n'));
});

test('a Sometimes test: ordering the compiler added explains a Never cell; an outcome the test never reaches does not', () => {
  const id = 'mp-poonceonces';
  let { a8, problems } = planted(id, (n) => {
    const a = cell(n, 'gcc-12/aarch64/O0').armv8;
    a.outcomes = a.outcomes.filter((o) => o.key !== reaching.key);
  });
  assert.deepStrictEqual(problems, []);
  assert.deepStrictEqual(a8.counts, { Sometimes: 19, Never: 1 });
  assert.match(a8.differs[0].why, /^the compiler added ordering .* and not P1_r0=1 P1_r1=0$/);
  // the same Never cell, with an outcome the test as written never reaches: unexplained
  ({ problems } = planted(id, (n) => {
    const a = cell(n, 'gcc-12/aarch64/O0').armv8;
    a.outcomes = a.outcomes
      .filter((o) => o.key !== reaching.key)
      .concat([Object.assign({}, reaching, { key: 'P1_r0=7 P1_r1=0', values: { P1_r0: 7, P1_r1: 0 } })]);
  }));
  assert.strictEqual(problems.length, 1);
  assert.match(problems[0], /^on gcc-12\/aarch64\/O0 .* Never, the reference enumerator's .* Sometimes/);
});

test("page.js fails with the test's file and line when a cell's Armv8 verdict is planted wrong", () => {
  const id = 'mp-pooncerelease-poacquireonce';
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-a8page-'));
  try {
    const build = path.join(tmp, 'build');
    fs.mkdirSync(path.join(build, 'data/native/litmus'), { recursive: true });
    fs.symlinkSync(path.join(BUILD, 'cache'), path.join(build, 'cache'));
    fs.symlinkSync(path.join(BUILD, 'data/examples'), path.join(build, 'data/examples'));
    const native = JSON.parse(fs.readFileSync(NATIVE(id), 'utf8'));
    cell(native, 'clang-22/aarch64/O3').armv8.outcomes.push(reaching);
    fs.writeFileSync(path.join(build, 'data/native/litmus', id + '.json'), JSON.stringify(native));
    importFiles(tmp, path.join(TOP, 'tools/litmus/tests/litmus/MP+pooncerelease+poacquireonce.litmus'));
    const run = () => runPage(tmp, build);
    const r = run();
    assert.strictEqual(r.status, 1, r.stderr);
    const line = JSON.parse(fs.readFileSync(path.join(tmp, 'import/ref', id + '.json'), 'utf8')).condition.line;
    assert.match(
      r.stderr,
      new RegExp(
        `MP\\+pooncerelease\\+poacquireonce\\.litmus:${line}: on clang-22/aarch64/O3 the compiled code's Armv8 verdict is Sometimes`,
      ),
    );
    assert.ok(!fs.existsSync(path.join(tmp, 'tests.json')), 'nothing half-written');
    // the real data: the page builds
    fs.copyFileSync(NATIVE(id), path.join(build, 'data/native/litmus', id + '.json'));
    const ok = run();
    assert.strictEqual(ok.status, 0, ok.stderr);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

// Every project test that is not a course example, on the AArch64 cells tools/litmus/cells.sh
// compiled and explored for the check (build/litmus/cells): the real figures, then a kernel-model
// Never planted on a Sometimes test (its import's summary edited, as a Result: Never line would be
// if the reference did not refuse it), which page.js must reject with the file and line.
const CELLS = path.join(BUILD, 'litmus/cells');
const { armv8VerdictsOf, cellsNative } = require(path.join(TOP, 'tools/litmus/page.js'));

test("every project test that is not a course example: 20 AArch64 cells, each the reference's Armv8 verdict", () => {
  const ids = fs.readFileSync(path.join(CELLS, 'examples.txt'), 'utf8').split('\n').filter(Boolean);
  assert.ok(ids.length >= 23, ids.join(' '));
  // both threads spin in spin_lock() (a compare-and-swap loop): explored since issue 26
  assert.ok(ids.includes('mp-polocks'), ids.join(' '));
  for (const id of ids) {
    const ref = JSON.parse(fs.readFileSync(REF(id), 'utf8'));
    const tree = predicateTrees([ref.condition.predicate], { threads: ref.threads, outcome: ref.outcome })[0];
    const a8 = armv8VerdictsOf(cellsNative(CELLS, id), tree, ref.models);
    assert.deepStrictEqual(armv8Problems(a8, ref.lkmm && ref.lkmm.result), [], id);
    assert.deepStrictEqual([a8.ncells, a8.missing.length], [20, 0], id);
    assert.deepStrictEqual(a8.counts, { [ref.models.armv8.verdict]: 20 }, id);
  }
  // cells.conf lists no test (cells-select.test.js covers a listed one)
  assert.deepStrictEqual(JSON.parse(fs.readFileSync(path.join(CELLS, 'unexplored.json'), 'utf8')), {});
});

// A test cells.conf lists (none does now: the list is planted in a copy of the cells' unexplored.json,
// the cells' data linked), through armv8Row, which page.js runs for each row: the row says not
// explored, with the reason and no verdict, and gives no error, also for a kernel-model Never test
// (never counted as agreement); a test not listed keeps its cells' verdict.
const { armv8Row } = require(path.join(TOP, 'tools/litmus/page.js'));
test('a test cells.conf lists: its row says not explored on AArch64, with the reason, no verdict', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-a8listed-'));
  try {
    fs.symlinkSync(path.join(CELLS, 'data'), path.join(tmp, 'data'));
    const why = 'a reason planted by page.test.js';
    fs.writeFileSync(
      path.join(tmp, 'unexplored.json'),
      JSON.stringify({ 'lb-poonceonces': { test: 'LB+poonceonces', why }, 'mp-polocks': { test: 'MP+polocks', why } }),
    );
    const row = (id, cells = tmp) => {
      const ref = JSON.parse(fs.readFileSync(REF(id), 'utf8'));
      const tree = predicateTrees([ref.condition.predicate], { threads: ref.threads, outcome: ref.outcome })[0];
      const r = { lkmm: ref.lkmm && ref.lkmm.result };
      return { problems: armv8Row(BUILD, 'project', id, null, cells, tree, ref, r), armv8: r.armv8 };
    };
    assert.deepStrictEqual(row('lb-poonceonces'), {
      problems: [],
      armv8: { verdict: null, reference: 'Sometimes', unexplored: why },
    });
    assert.deepStrictEqual(row('mp-polocks'), {
      problems: [],
      armv8: { verdict: null, reference: 'Never', unexplored: why },
    });
    const corr = row('corr-poonceonce-once');
    assert.deepStrictEqual([corr.problems, corr.armv8.source, corr.armv8.counts], [[], 'cells', { Never: 20 }]);
    // the real list: MP+polocks has its cells' verdict
    const real = row('mp-polocks', CELLS);
    assert.deepStrictEqual([real.problems, real.armv8.verdict, real.armv8.counts], [[], 'Never', { Never: 20 }]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test("page.js fails when a test the kernel's model says Never is reachable on the compiled AArch64 cells", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-a8never-'));
  try {
    importFiles(tmp, path.join(TOP, 'tools/litmus/tests/litmus/LB+poonceonces.litmus'));
    const run = () => runPage(tmp, BUILD, ['--aarch64-cells', CELLS]);
    const ok = run();
    assert.strictEqual(ok.status, 0, ok.stderr);
    const row = JSON.parse(fs.readFileSync(path.join(tmp, 'tests.json'), 'utf8')).sets[0].tests[0];
    assert.deepStrictEqual([row.armv8.source, row.armv8.verdict, row.armv8.ncells], ['cells', 'Sometimes', 20]);
    fs.rmSync(path.join(tmp, 'tests.json'));
    const summary = path.join(tmp, 'import/summary.json');
    const s = JSON.parse(fs.readFileSync(summary, 'utf8'));
    s.tests[0].lkmm = 'Never';
    fs.writeFileSync(summary, JSON.stringify(s));
    const r = run();
    assert.strictEqual(r.status, 1, r.stderr);
    const line = JSON.parse(fs.readFileSync(path.join(tmp, 'import/ref/lb-poonceonces.json'), 'utf8')).condition.line;
    assert.match(
      r.stderr,
      new RegExp(
        `LB\\+poonceonces\\.litmus:${line}: the kernel's model says Never, yet the compiled code reaches the condition under Armv8 on 20 AArch64 cells`,
      ),
    );
    assert.ok(!fs.existsSync(path.join(tmp, 'tests.json')), 'nothing half-written');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
