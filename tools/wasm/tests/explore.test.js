// explore.test.js - the scheduler and the DPOR explorer on real compiled programs: determinism,
// DPOR = naive enumeration (test programs, every example with metadata; random programs are in
// differential.test.js),
// non-termination, crashes, caps, RMW scheduling points and shadow stacks.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const H = require('./helpers');
const { makeMeta } = require('../lib/metafiles');
const { metaForRuntime } = require('../lib/outcomes');

test('same schedule, same outcome: every witness replays to its outcome', () => {
  for (const name of H.programNames()) {
    const meta = H.program(name);
    for (const v of meta.variants) {
      const m = H.machine(meta, v);
      const res = H.explore(m, 'dpor');
      for (const o of res.outcomes) {
        for (let k = 0; k < 2; k++) {
          m.replay(H.X.decodeSchedule(o.witness));
          assert.deepStrictEqual(m.enabled(), [], `${name}.${v}: witness ${o.witness} is a complete run`);
          assert.strictEqual(m.outcome().key, o.key, `${name}.${v}: witness ${o.witness}`);
        }
      }
      const fresh = H.machine(meta, v); // a second instance of the module agrees too
      for (const o of res.outcomes) {
        fresh.replay(H.X.decodeSchedule(o.witness));
        assert.strictEqual(fresh.outcome().key, o.key);
      }
      const a = new H.X.RandomRuns(m, 50, 7);
      a.run(Infinity);
      const b = new H.X.RandomRuns(m, 50, 7);
      b.run(Infinity);
      assert.deepStrictEqual(
        b.result().outcomes.map((o) => [o.key, o.count]),
        a.result().outcomes.map((o) => [o.key, o.count]),
      );
    }
  }
});

function sameAsNaive(meta, label) {
  for (const v of meta.variants) {
    const m = H.machine(meta, v);
    const d = H.explore(m, 'dpor');
    const n = H.explore(m, 'naive');
    assert.ok(!n.partial, `${label}.${v}: naive enumeration finished`);
    assert.deepStrictEqual(H.keys(d), H.keys(n), `${label}.${v}: DPOR outcome set equals naive enumeration's`);
    assert.ok(d.executions <= n.executions, `${label}.${v}: DPOR explores no more than naive`);
    // the memoised search ('memo', and 'auto' when DPOR is large): the same set, witnesses that replay
    const s = H.explore(m, 'memo');
    assert.ok(!s.partial && s.states !== null, `${label}.${v}: the memoised search finished`);
    assert.deepStrictEqual(
      H.keys(s),
      H.keys(n),
      `${label}.${v}: the memoised search's outcome set equals naive enumeration's`,
    );
    for (const o of s.outcomes) {
      m.replay(H.X.decodeSchedule(o.witness));
      assert.strictEqual(m.outcome().key, o.key, `${label}.${v}: memo witness ${o.witness}`);
    }
  }
}

test('DPOR and the memoised search find exactly the outcomes of naive enumeration (test programs)', () => {
  for (const name of H.programNames()) sameAsNaive(H.program(name), name);
});

test('DPOR and the memoised search find exactly the outcomes of naive enumeration (every example with metadata)', (t) => {
  const metas = H.realMetas();
  if (!metas.length) {
    t.skip('no build/data/meta yet (tools/asm writes it)');
    return;
  }
  for (const meta of metas) sameAsNaive(meta, meta.id);
});

// The memoised search's step counts: t1 spins on xchg (each failed attempt a step that writes, so
// its state repeats but for its count) until t0 releases the lock, with a bound of 8 steps per
// thread. A state seen with fewer steps must not stand for one with more whose runs reach the
// bound (and the other way round): the outcome sets, hangs included, are naive enumeration's.
// Both thread orders: the search meets the spinner's high counts first in one, its low ones in the other.
test('the memoised search tells states apart by their step counts where a bound can', () => {
  // (in wide/: with the default bound of 200 steps naive enumeration is past its cap)
  const meta = makeMeta(path.join(__dirname, 'wide/spin-count.c'), 'test/spin-count', H.SCRATCH, ['none']);
  for (const threads of [
    ['t0', 't1'],
    ['t1', 't0'],
  ]) {
    const sets = ['naive', 'memo'].map((mode) => {
      const m = H.machine(Object.assign({}, meta, { threads }), 'plain');
      m.maxSteps = 8;
      return H.explore(m, mode);
    });
    assert.ok(!sets[0].partial && !sets[1].partial);
    assert.deepStrictEqual(H.keys(sets[1]), H.keys(sets[0]), threads.join(' '));
    assert.ok(
      H.keys(sets[0]).some((k) => /t1 does not terminate/.test(k)) && H.keys(sets[0]).some((k) => /r1=1$/.test(k)),
      H.keys(sets[0]).join(' | '),
    );
    assert.ok(sets[1].memo_hits > 0, 'some states were matched');
  }
});

// Every explorer's limit (docs/ARCHITECTURE.md, "Outcome keys and schedules"): eight threads fit in
// the module's stack area, their witnesses use digits 0-7 and, under x86-TSO, drains a-h.
test('eight threads, under SC and x86-TSO; a ninth is refused', () => {
  const meta = makeMeta(path.join(__dirname, 'wide/eight-threads.c'), 'test/eight-threads', H.SCRATCH, ['none']);
  const mod = H.build(meta, 'plain');
  for (const model of ['sc', 'tso']) {
    const m = new H.X.Machine(mod, metaForRuntime(meta), { model });
    // each stack, and a guard of 64 KiB below it, between the data and __heap_base, none overlapping
    m.threads.forEach((t, i) => {
      assert.ok(t.stackLo - 65536 >= m.dataEnd && t.stackTop <= m.host.heapBase, `t${i}'s stack in the stack area`);
      if (i) assert.ok(t.stackTop + 65536 <= m.threads[i - 1].stackLo, `t${i}'s stack and guard below t${i - 1}'s`);
    });
    const res = H.explore(m, 'dpor');
    assert.deepStrictEqual(H.keys(res), ['x0=1 x6=7', 'x0=8 x6=7'], model);
    for (const o of res.outcomes) {
      assert.match(o.witness, model === 'tso' ? /^(?=.*7)(?=.*h)[0-7a-h]{16}$/ : /^(?=.*7)[0-7]{8}$/, o.witness);
      m.replay(H.X.parseSchedule(o.witness, 8, model));
      assert.strictEqual(m.outcome().key, o.key, `${model}: witness ${o.witness}`);
    }
  }
  const nine = Object.assign({}, meta, { threads: meta.threads.concat(['t8']) });
  assert.throws(() => new H.X.Machine(mod, nine), /at most 8 threads/);
});

test('a thread that can never see the store does not terminate; the fixed one always does', () => {
  const meta = H.program('stop-flag');
  const plain = H.explore(H.machine(meta, 'plain'), 'dpor');
  assert.ok(
    plain.outcomes.some((o) => o.outcome.hang.includes('t1')),
    H.keys(plain).join(' | '),
  );
  assert.ok(
    plain.outcomes.some((o) => o.outcome.done),
    'plain: t1 may also see the store first',
  );
  const fixed = H.explore(H.machine(meta, 'fixed'), 'dpor');
  assert.deepStrictEqual(H.keys(fixed), ['r1=1 stop=1']);
});

test('a loop that changes state every iteration ends at the step bound', () => {
  const meta = H.program('spin-bound');
  const m = H.machine(meta, 'plain');
  m.reset();
  m.step(0);
  m.step(0); // go = 1, go = 0: t1 (not yet run) will spin forever
  while (m.enabled().length) m.step(m.enabled()[0]);
  const o = m.outcome();
  assert.deepStrictEqual(o.hang, ['t1']);
  assert.strictEqual(m.threads[1].hangReason, 'step bound');
  assert.ok(m.threads[1].steps > H.X.limits.MAX_STEPS);
});

test('an empty infinite loop is found by its repeated state, long before any bound', () => {
  const meta = H.program('stop-flag');
  const m = H.machine(meta, 'plain');
  m.replay([1]); // t1 loads stop == 0 and enters for (;;);
  assert.strictEqual(m.threads[1].status, 'blocked');
  assert.ok(m.threads[1].edges < 10, `blocked after ${m.threads[1].edges} back-edges`);
  assert.strictEqual(m.lineOf(m.threads[1]) > 0, true);
});

test('BUG_ON, a trap and a failed CHECK are crash outcomes with their schedules and lines', () => {
  const meta = H.program('crashes');
  const src = {
    plain: fs.readFileSync(meta.sources.plain, 'utf8').split('\n'),
    fixed: fs.readFileSync(meta.sources.fixed, 'utf8').split('\n'),
  };
  const bugLine = (v, what) => src[v].findIndex((l) => l.includes(what)) + 1;
  const plain = H.explore(H.machine(meta, 'plain'), 'dpor');
  const bug = plain.outcomes.find((o) => o.outcome.crash);
  assert.ok(bug, H.keys(plain).join(' | '));
  const line = bugLine('plain', 'BUG_ON(READ_ONCE(x) == 1)');
  const { thread, message, line: at } = bug.outcome.crash;
  assert.deepStrictEqual({ thread, message, at }, { thread: 't1', message: 'BUG_ON at line ' + line, at: line });
  assert.deepStrictEqual(
    Object.keys(bug.outcome.crash.others),
    ['t0'],
    'the crash records where the other threads were',
  );
  const fixed = H.explore(H.machine(meta, 'fixed'), 'dpor');
  const crashes = fixed.outcomes.filter((o) => o.outcome.crash).map((o) => o.outcome.crash);
  assert.ok(
    crashes.some((c) => c.thread === 't0' && /^trap: /.test(c.message)),
    JSON.stringify(crashes),
  );
  assert.ok(
    crashes.some(
      (c) => c.thread === 'check' && c.message === 'BUG_ON at line ' + bugLine('fixed', 'BUG_ON(READ_ONCE(x) == 2'),
    ),
    JSON.stringify(crashes),
  );
  const m = H.machine(meta, 'fixed');
  const trap = fixed.outcomes.find((o) => o.outcome.crash && o.outcome.crash.thread === 't0');
  m.replay(H.X.decodeSchedule(trap.witness));
  assert.strictEqual(m.outcome().crash.thread, 't0');
});

test('a cap stops exploration and marks the result partial', () => {
  const meta = H.program('counter');
  const m = H.machine(meta, 'plain');
  const full = H.explore(m, 'dpor');
  const capped = H.explore(m, 'dpor', 3);
  assert.strictEqual(capped.partial, true);
  assert.strictEqual(full.partial, false);
  assert.ok(capped.executions + capped.redundant <= 3);
  for (const k of H.keys(capped)) assert.ok(H.keys(full).includes(k));
  // Chunked exploration reaches the same result as one run.
  const ex = new H.X.Explorer(m, { mode: 'dpor' });
  let chunks = 0;
  while (!ex.run(0)) chunks++;
  assert.ok(chunks > 1);
  assert.deepStrictEqual(H.keys(ex.result()), H.keys(full));
});

test('atomic RMW and cmpxchg are scheduling points', () => {
  const meta = H.program('counter');
  const fixed = H.explore(H.machine(meta, 'fixed'), 'naive');
  assert.strictEqual(fixed.executions, 6, 'three threads with one fetch_add each: 3! orders');
  assert.deepStrictEqual(H.keys(fixed), ['cnt=3']);
  const plain = H.explore(H.machine(meta, 'plain'), 'dpor');
  assert.deepStrictEqual(H.keys(plain), ['cnt=1', 'cnt=2', 'cnt=3']);
  const cas = H.program('cas-cmpxchg');
  for (const v of cas.variants) {
    const r = H.explore(H.machine(cas, v), 'naive');
    assert.ok(
      r.outcomes.every((o) => !(o.outcome.vals.got0 === 1 && o.outcome.vals.got1 === 1)),
      v,
    );
    assert.ok(
      r.outcomes.some((o) => o.outcome.vals.got0 === 1) && r.outcomes.some((o) => o.outcome.vals.got1 === 1),
      v,
    );
  }
});

test('each thread keeps its own shadow stack across scheduling points', () => {
  const meta = H.program('stack-frames');
  const r = H.explore(H.machine(meta, 'plain'), 'naive');
  for (const o of r.outcomes) assert.deepStrictEqual([o.outcome.vals.r0, o.outcome.vals.r1], [36, 132], o.key);
  assert.deepStrictEqual(r.outcomes.map((o) => o.outcome.vals.s).sort(), [1, 2]);
});

test('a load or store through NULL is a crash outcome', () => {
  const meta = H.program('null-deref');
  for (const v of meta.variants) {
    const r = H.explore(H.machine(meta, v), 'dpor');
    const c = r.outcomes.find((o) => o.outcome.crash);
    assert.ok(c, v + ': ' + H.keys(r).join(' | '));
    assert.deepStrictEqual(
      [c.outcome.crash.thread, c.outcome.crash.message],
      ['t1', 'NULL pointer dereference (address 0)'],
    );
    const src = fs.readFileSync(meta.sources[v], 'utf8').split('\n');
    assert.match(src[c.outcome.crash.line - 1], /p\)|\*q = 3/, `${v}: the crash's line is the dereference`);
  }
});
