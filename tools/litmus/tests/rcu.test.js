// rcu.test.js - RCU and SRCU grace periods in the WebAssembly explorer (issue 31 point 5): the
// converter's examples of the dialect suite's RCU and SRCU tests (LITMUS_DIALECT, what `litmus-tool
// import` made of tools/litmus/tests/dialect; its rcu/ folder) are compiled by the explorer's
// pipeline and explored under SC and x86-TSO by DPOR, naive enumeration and the memoised search;
// each outcome set must be the reference enumerator's, key for key. A broken explorer whose grace
// period waits for nothing ('gp-no-wait') must reach the Never tests' conditions.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');

const TOP = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(process.env.BUILD_DIR || path.join(TOP, 'build'));
const DIR = path.resolve(process.env.LITMUS_DIALECT || path.join(BUILD, 'litmus/dialect'));
const { predicateTrees } = require(path.join(TOP, 'tools/wasm/lib/metafiles.js'));
const lib = require('./explorer-lib.js');
const { X, metaForRuntime, keys, refKeys } = lib;

const SCRATCH = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-rcu-'));
if (!process.env.KEEP_SCRATCH) process.on('exit', () => fs.rmSync(SCRATCH, { recursive: true, force: true }));

// The dialect import's RCU and SRCU examples (their files name a grace period's primitives).
let tests = null;
function rcuTests() {
  if (tests) return tests;
  const all = lib.loadExamples(DIR, SCRATCH, BUILD, 'litmus-rcu/');
  return (tests = all.filter((t) =>
    /\b(synchronize_s?rcu|s?rcu_read_lock)\(/.test(fs.readFileSync(t.meta.sources.fixed, 'utf8')),
  ));
}

test('the RCU and SRCU tests have examples (the converter writes them)', () => {
  assert.deepStrictEqual(
    rcuTests()
      .map((t) => t.name)
      .sort(),
    ['rcu-mp', 'rcu-mp-nogp', 'rcu-sectionstore', 'srcu-mp', 'srcu-mp-twodomains'],
  );
});

for (const model of ['sc', 'tso']) {
  test(`explorer (${model}: DPOR, naive, memoised) = reference (${model}) on the RCU and SRCU tests`, () => {
    for (const t of rcuTests()) {
      for (const mode of ['dpor', 'naive', 'memo']) {
        const r = lib.explore(t, model, mode);
        assert.strictEqual(r.partial, false, `${t.name}: ${model} ${mode} finished`);
        assert.deepStrictEqual(
          keys(r),
          refKeys(t, model),
          `${t.name}: explorer ${mode} (left) vs reference ${model} (right)`,
        );
        const m = new X.Machine(t.mod, metaForRuntime(t.meta), { model });
        for (const o of r.outcomes) {
          m.replay(X.decodeSchedule(o.witness));
          assert.strictEqual(m.outcome().key, o.key, `${t.name}: ${mode} witness ${o.witness}`);
        }
      }
    }
  });
}

// The condition, evaluated by the engine on an exploration's outcomes (finished runs: herd's verdicts).
function reaches(t, r) {
  const m = t.meta;
  const tree = predicateTrees([t.ref.condition.predicate], { threads: m.threads, outcome: m.outcome })[0];
  return r.outcomes.some(
    (o) =>
      o.outcome.done &&
      X.predicateHolds(tree, {
        values: o.outcome.vals,
        hang: o.outcome.hang,
        crash: o.outcome.crash,
        done: o.outcome.done,
      }),
  );
}

test('a grace period that waits for nothing reaches what RCU forbids', () => {
  const never = rcuTests().filter((t) => t.ref.models.sc.verdict === 'Never');
  assert.deepStrictEqual(never.map((t) => t.name).sort(), ['rcu-mp', 'rcu-sectionstore', 'srcu-mp']);
  for (const t of never) {
    for (const model of ['sc', 'tso']) {
      assert.strictEqual(reaches(t, lib.explore(t, model, 'dpor')), false, `${t.name}: Never under ${model}`);
      assert.strictEqual(
        reaches(t, lib.explore(t, model, 'dpor', 'gp-no-wait')),
        true,
        `${t.name}: the broken explorer reaches it under ${model}`,
      );
    }
  }
});

test('the steps of a grace period in words', () => {
  const t = rcuTests().find((x) => x.name === 'rcu-mp');
  const m = new X.Machine(t.mod, metaForRuntime(t.meta), { model: 'sc' });
  const r = lib.explore(t, 'sc', 'dpor');
  m.replay(X.decodeSchedule(r.outcomes[0].witness));
  const words = m.trace.map((e) => m.describe(e)).join('\n');
  assert.match(
    words,
    /P0 starts a grace period \(it waits for the threads inside a read-side critical section now\) at line \d+/,
  );
  assert.match(words, /P0 ends its grace period at line \d+/);
  assert.match(words, /P1 enters a read-side critical section at line \d+/);
});
