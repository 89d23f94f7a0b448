// dialect.test.js - the import of tests/dialect/, the project's own tests in herd7's C dialect as
// the kernel community writes it (diy7's header lines, undeclared registers, volatile and
// intptr_t, initial register values, not, register-to-register conditions, filter, pointers and
// casts, atomic_t, RCU and SRCU), kept in nested folders with two herd tests in other languages
// and a broken file: every file is listed with what the import made of it, the broken one at its
// file:line while the rest is imported, the exit status says that one failed, each reference
// verdict is the one the test's comment argues, and each example's compiled code gives the
// reference's outcomes under SC and x86-TSO.
// Input: the import make litmus-test ran (LITMUS_DIALECT, with .txt, .err and .status beside it).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');

const TOP = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(process.env.BUILD_DIR || path.join(TOP, 'build'));
const DIR = path.resolve(process.env.LITMUS_DIALECT || path.join(BUILD, 'litmus/dialect'));
const SRC = process.env.LITMUS_DIALECT_DIR || 'tools/litmus/tests/dialect';
const lib = require('./explorer-lib.js');

const summary = JSON.parse(fs.readFileSync(path.join(DIR, 'summary.json'), 'utf8'));
const rel = (f) => path.relative(path.resolve(TOP, SRC), path.resolve(TOP, f));
const byFile = Object.fromEntries(summary.tests.map((t) => [rel(t.file), t]));

// What the import makes of each file: status, then the kernel model's verdict (the file's Result
// line, or herd's .expected), then the reference's under SC, x86-TSO and Armv8 ('unsupported':
// the Armv8 mode has no mapping of RCU, pointers or atomic_add_unless, armv8.c, and says so
// rather than give a verdict; Counter+atomics's atomic_add_return is LDADDAL, its increments
// atomic there too; atomic_inc is STADD, relaxed: SB+atomicincs is Sometimes on Arm where x86's
// locked instruction makes it Never, and smp_mb__before_atomic() is DMB ISH; LB+init-registers is Sometimes there, as load buffering is
// on Arm, and SB+filter's filter drops the same runs as under x86-TSO).
const WANT = {
  'diy7/MP+fencewmbonceonce+fencermbonceonce+diy.litmus': ['ok', 'Never', 'Never', 'Never', 'Never'],
  'diy7/SB+poonceonces+diy.litmus': ['ok', 'Sometimes', 'Never', 'Sometimes', 'Sometimes'],
  'herd/LB+ctrlonceonces+undeclared.litmus': ['ok', 'Never', 'Never', 'Never', 'Never'],
  'herd/LB+init-registers.litmus': ['ok', 'Sometimes', 'Never', 'Never', 'Sometimes'],
  'herd/SB+filter.litmus': ['no example', 'Sometimes', 'Never', 'Sometimes', 'Sometimes'],
  'herd/SB5+poonceonces.litmus': ['ok', 'Sometimes', 'Never', 'Sometimes', 'Sometimes'],
  'herd/atomics/Counter+atomics.litmus': ['ok', 'Always', 'Always', 'Always', 'Always'],
  'herd/atomics/MP+addunless.litmus': ['ok', 'Never', 'Never', 'Never', 'unsupported'],
  'herd/atomics/SB+atomicincs.litmus': ['ok', 'Sometimes', 'Never', 'Never', 'Sometimes'],
  'herd/atomics/SB+failedaddunless.litmus': ['ok', 'Sometimes', 'Never', 'Sometimes', 'unsupported'],
  'herd/atomics/SB+mbbeforeatomic-atomicincs.litmus': ['ok', 'Never', 'Never', 'Never', 'Never'],
  'herd/pointers/MP+casts.litmus': ['no example', 'Never', 'Never', 'Never', 'unsupported'],
  'herd/pointers/MP+releaseptr+onceptr.litmus': ['no example', 'Never', 'Never', 'Never', 'unsupported'],
  'rcu/RCU+MP.litmus': ['ok', 'Never', 'Never', 'Never', 'unsupported'],
  'rcu/RCU+MP+nogp.litmus': ['ok', 'Sometimes', 'Sometimes', 'Sometimes', 'unsupported'],
  'rcu/RCU+sectionstore.litmus': ['ok', 'Never', 'Never', 'Never', 'unsupported'],
  'rcu/srcu/SRCU+MP.litmus': ['ok', 'Never', 'Never', 'Never', 'unsupported'],
  'rcu/srcu/SRCU+MP+twodomains.litmus': ['ok', 'Sometimes', 'Sometimes', 'Sometimes', 'unsupported'],
  'other/Broken.litmus': ['error'],
  'other/MP.lisa.litmus': ['not C'],
  'other/SB.ppc.litmus': ['not C'],
};

// Why a test has no example: the start of the reason after its file:line.
const NO_EXAMPLE = {
  'herd/SB+filter.litmus': [29, 'filter: the explorer judges every run'],
  'herd/pointers/MP+casts.litmus': [12, "pointer values: the explorer's outcomes are numbers"],
  'herd/pointers/MP+releaseptr+onceptr.litmus': [13, "pointer values: the explorer's outcomes are numbers"],
};

test('every file of the nested folders is listed with what the import made of it', () => {
  assert.deepStrictEqual(Object.keys(byFile).sort(), Object.keys(WANT).sort());
  for (const [file, [status, lkmm, sc, tso, armv8]] of Object.entries(WANT)) {
    const t = byFile[file];
    assert.strictEqual(t.status, status, `${file}: ${t.status} ${t.reason || ''}`);
    if (lkmm) assert.deepStrictEqual([t.lkmm, t.sc, t.tso, t.armv8], [lkmm, sc, tso, armv8], file);
    assert.strictEqual(!!t.armv8_unsupported, armv8 === 'unsupported', `${file}: the Armv8 mode's reason`);
    assert.strictEqual(!!t.example, status === 'ok', `${file}: an example only when ok`);
    if (NO_EXAMPLE[file]) {
      const [line, why] = NO_EXAMPLE[file];
      assert.ok(t.reason.startsWith(`${t.file}:${line}: ${why}`), `${file}: ${t.reason}`);
    }
  }
});

test('the broken file is an error at its line, the exit status says so, the rest is imported', () => {
  assert.strictEqual(fs.readFileSync(DIR + '.status', 'utf8').trim(), '1');
  const broken = path.join(SRC, 'other/Broken.litmus');
  assert.strictEqual(
    fs.readFileSync(DIR + '.err', 'utf8'),
    `${broken}:14: expected ';' after the statement, got '}'\n`,
  );
  assert.strictEqual(byFile['other/Broken.litmus'].reason, `${broken}:14: expected ';' after the statement, got '}'`);
  assert.match(
    fs.readFileSync(DIR + '.txt', 'utf8'),
    /^21 files: 15 examples, 3 without one, 0 partial, 0 skipped, 2 not C, 1 errors$/m,
  );
  assert.match(
    byFile['other/SB.ppc.litmus'].reason,
    /SB\.ppc\.litmus:1: not C: a PPC litmus test \(only C tests are read\)$/,
  );
  assert.match(byFile['other/MP.lisa.litmus'].reason, /MP\.lisa\.litmus:1: not C: a LISA litmus test/);
});

test("diy7's quoted line is the description; herd's .expected gives the verdict a file lacks", () => {
  const sb = byFile['diy7/SB+poonceonces+diy.litmus'],
    mp = byFile['diy7/MP+fencewmbonceonce+fencermbonceonce+diy.litmus'];
  assert.strictEqual(sb.description, 'PodWROnceOnce FreOnceOnce PodWROnceOnce FreOnceOnce');
  assert.strictEqual(mp.description, 'FenceWmbdWWOnceOnce RfeOnceOnce FenceRmbdRROnceOnce FreOnceOnce');
  const ref = JSON.parse(fs.readFileSync(path.join(DIR, 'ref', sb.example + '.json'), 'utf8'));
  assert.deepStrictEqual(ref.lkmm, {
    result: 'Sometimes',
    line: 11,
    file: path.join(SRC, 'diy7/SB+poonceonces+diy.litmus.expected'),
  });
  assert.strictEqual(ref.description, sb.description);
  const refMp = JSON.parse(fs.readFileSync(path.join(DIR, 'ref', mp.example + '.json'), 'utf8'));
  assert.deepStrictEqual(refMp.lkmm, { result: 'Never', line: 12 });
});

test('pointer values are named by their locations; a filter marks the runs it drops', () => {
  const ptr = JSON.parse(fs.readFileSync(path.join(DIR, 'ref', 'mp-releaseptr-onceptr.json'), 'utf8'));
  assert.deepStrictEqual(ptr.models.sc.outcomes.map((o) => o.key).sort(), ['P1_r0=x P1_r1=1', 'P1_r0=z P1_r1=7']);
  assert.strictEqual(ptr.condition.herd, '1:r0=x /\\ 1:r1=0');
  const filter = JSON.parse(fs.readFileSync(path.join(DIR, 'ref', 'sb-filter.json'), 'utf8'));
  const dropped = filter.models.tso.outcomes
    .filter((o) => o.filtered)
    .map((o) => o.key)
    .sort();
  assert.deepStrictEqual(dropped, ['P0_r0=0 P1_r0=1', 'P0_r0=1 P1_r0=0']);
});

test("each example's compiled code gives the reference's outcomes, under SC and x86-TSO", () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-dialect-'));
  try {
    const tests = lib.loadExamples(DIR, scratch, BUILD, 'litmus-dialect/');
    assert.strictEqual(tests.length, 15);
    for (const t of tests)
      for (const model of ['sc', 'tso']) {
        const r = lib.explore(t, model, 'dpor');
        assert.strictEqual(r.partial, false, `${t.name} ${model}`);
        assert.deepStrictEqual(
          lib.keys(r),
          lib.refKeys(t, model),
          `${t.name}: explorer (left) vs reference (right) under ${model}`,
        );
      }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
