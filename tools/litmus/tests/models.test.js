// models.test.js - the WebAssembly explorer against the reference enumerator, under both memory
// models, on every test of the project (LITMUS_IMPORT, what `litmus-tool import` made of
// tools/litmus/tests/litmus): the converted example's fixed variant (the test as written) is
// compiled by the explorer's pipeline and explored exhaustively under SC and under x86-TSO; each
// outcome set must be the reference's (LITMUS_IMPORT/ref/<name>.json) key for key, and DPOR must
// find what naive enumeration finds. The known x86-TSO facts are asserted on the explorer's
// outcomes, and three broken x86-TSO machines must make the comparison fail.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');

const TOP = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(process.env.BUILD_DIR || path.join(TOP, 'build'));
const DIR = path.resolve(process.env.LITMUS_IMPORT || path.join(BUILD, 'litmus/project'));
const { predicateTrees } = require(path.join(TOP, 'tools/wasm/lib/metafiles.js'));
const lib = require('./explorer-lib.js');
const { X, metaForRuntime, keys, refKeys } = lib;

const SCRATCH = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-models-'));
if (!process.env.KEEP_SCRATCH) process.on('exit', () => fs.rmSync(SCRATCH, { recursive: true, force: true }));

// Every imported test with an example: {name, meta, mod (fixed variant), ref}.
let tests = null;
function all() {
  return tests || (tests = lib.loadExamples(DIR, SCRATCH, BUILD, 'litmus-models/'));
}

function explore(t, model, mode, mutant) {
  const r = lib.explore(t, model, mode, mutant);
  assert.strictEqual(r.partial, false, `${t.name}: ${model} ${mode} finished`);
  return r;
}

test("the project's tests are there (make litmus-test imports them first)", () => {
  assert.ok(all().length >= 25, `${all().length} converted tests in ${DIR}`);
  for (const shape of [
    'sb-poonceonces',
    'sb-fencembonceonces',
    'mp-poonceonces',
    'lb-poonceonces',
    's-poonceonces',
    'r-poonceonces',
    '2-2w-poonceonces',
    'iriw-poonceonces-onceonce',
    'wrc-poonceonces-once',
    'corr-poonceonce-once',
    'cowr-poonceonce-once',
    'sf-poonceonces',
    'sf-fencembonceonces',
  ])
    assert.ok(
      all().some((t) => t.name === shape),
      `the standard shape ${shape} is among the tests`,
    );
});

for (const model of ['sc', 'tso']) {
  test(`explorer (${model}, DPOR and naive) = reference (${model}) on every test`, () => {
    let dpor = 0,
      naive = 0;
    for (const t of all()) {
      const d = explore(t, model, 'dpor'),
        n = explore(t, model, 'naive');
      assert.deepStrictEqual(
        keys(d),
        refKeys(t, model),
        `${t.name}: explorer DPOR (left) vs reference ${model} (right)`,
      );
      assert.deepStrictEqual(keys(n), keys(d), `${t.name}: naive (left) vs DPOR (right) under ${model}`);
      // every witness replays to its outcome
      const m = new X.Machine(t.mod, metaForRuntime(t.meta), { model });
      for (const o of d.outcomes) {
        m.replay(X.decodeSchedule(o.witness));
        assert.deepStrictEqual(m.choices(), [], `${t.name}: witness ${o.witness} is a complete run`);
        assert.strictEqual(m.outcome().key, o.key, `${t.name}: witness ${o.witness}`);
      }
      dpor += d.executions;
      naive += n.executions;
    }
    assert.ok(dpor < naive, `DPOR explores fewer schedules (${dpor}) than naive enumeration (${naive})`);
  });
}

// The condition of a test (the predicate the converter wrote), parsed by asm-tool, evaluated by the engine.
function condition(t) {
  const m = t.meta;
  return predicateTrees([t.ref.condition.predicate], {
    threads: m.threads,
    outcome: m.outcome,
    has_init: m.has_init,
    has_check: m.has_check,
  })[0];
}
function reaches(t, model) {
  const tree = condition(t);
  return explore(t, model, 'dpor').outcomes.some((o) =>
    X.predicateHolds(tree, {
      values: o.outcome.vals,
      hang: o.outcome.hang,
      crash: o.outcome.crash,
      done: o.outcome.done,
    }),
  );
}

test('known x86-TSO facts hold on the compiled code', () => {
  const by = (n) => all().find((t) => t.name === n);
  const sb = by('sb-poonceonces');
  assert.strictEqual(reaches(sb, 'sc'), false, 'SB: both loads read 0 never under SC');
  assert.strictEqual(reaches(sb, 'tso'), true, 'SB: both loads read 0 under x86-TSO');
  assert.strictEqual(reaches(by('sb-fencembonceonces'), 'tso'), false, 'SB+smp_mb(): not under x86-TSO');
  for (const n of [
    'mp-poonceonces',
    'lb-poonceonces',
    'iriw-poonceonces-onceonce',
    '2-2w-poonceonces',
    's-poonceonces',
    'wrc-poonceonces-once',
  ])
    assert.strictEqual(reaches(by(n), 'tso'), false, `${n}: the relaxed outcome is unreachable under x86-TSO`);
  for (const n of ['r-poonceonces', 'sf-poonceonces'])
    assert.strictEqual(reaches(by(n), 'tso'), true, `${n}: reachable under x86-TSO (not under SC)`);
  // SB's witness: both loads run while both stores are still buffered.
  const o = explore(sb, 'tso', 'dpor').outcomes.find((x) => x.key === 'P0_r0=0 P1_r0=0');
  const m = new X.Machine(sb.mod, metaForRuntime(sb.meta), { model: 'tso' });
  m.reset();
  let seen = false;
  for (const c of X.decodeSchedule(o.witness)) {
    const ev = m.take(c);
    if (ev.kind === 'R' && m.buffer(0).length && m.buffer(1).length) seen = true;
  }
  assert.ok(seen, `SB witness ${o.witness}: a load reads memory while both stores wait in the buffers`);
});

// A broken machine must disagree with the reference somewhere (naive enumeration: exact for any machine).
const MUST_BREAK = {
  'no-forward': ['sf-poonceonces', 'cowr-poonceonce-once'],
  lifo: ['2-2w-poonceonces', 'mp-poonceonces', 's-poonceonces'],
  'fence-no-drain': ['sb-fencembonceonces', 'sb-failedcmpxchgs', 'r-fencembonceonces'],
};
for (const mutant of X.MUTANTS) {
  test(`a broken x86-TSO machine (${mutant}) fails the comparison`, () => {
    const differ = all()
      .filter((t) => keys(explore(t, 'tso', 'naive', mutant)).join('|') !== refKeys(t, 'tso').join('|'))
      .map((t) => t.name);
    for (const n of MUST_BREAK[mutant])
      assert.ok(differ.includes(n), `${mutant}: ${n} differs from the reference (differ: ${differ.join(', ')})`);
  });
}
