// tso.test.js - the explorer's x86-TSO mode on the test programs: store buffering reaches both-zero
// only under x86-TSO and never with smp_mb(); a load combines the thread's buffered bytes with
// memory byte by byte; drains are steps of their own, in FIFO order; spinning threads still wait
// and wake under x86-TSO; DPOR and naive enumeration agree under x86-TSO. (The comparison with the
// reference enumerator is tools/litmus/tests/models.test.js.)
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const H = require('./helpers');
const { metaForRuntime } = require('../lib/outcomes');
const X = H.X;

function tsoMachine(meta, variant) {
  return new X.Machine(H.build(meta, variant), metaForRuntime(meta), { model: 'tso' });
}

test('store buffering: both loads read 0 under x86-TSO, never under SC, never with smp_mb()', () => {
  const meta = H.program('store-buffering');
  const both = 'r0=0 r1=0';
  const sc = H.explore(H.machine(meta, 'plain'), 'dpor');
  assert.ok(!H.keys(sc).includes(both));
  const plain = H.explore(tsoMachine(meta, 'plain'), 'dpor');
  assert.deepStrictEqual(H.keys(plain), [both, 'r0=0 r1=1', 'r0=1 r1=0', 'r0=1 r1=1']);
  const w = plain.outcomes.find((o) => o.key === both).witness;
  assert.match(w, /^[01]{4}[ab]{2}$/, 'both threads store and load, then the stores drain');
  const fixed = H.explore(tsoMachine(meta, 'fixed'), 'dpor');
  assert.deepStrictEqual(H.keys(fixed), ['r0=0 r1=1', 'r0=1 r1=0', 'r0=1 r1=1']);
  // the fence waits: with a buffered store, t0's next step is not enabled until its drain
  const m = tsoMachine(meta, 'fixed');
  m.reset();
  m.take(0);
  assert.deepStrictEqual(m.enabled(), [1], 't0 waits at smp_mb() for its buffer');
  assert.deepStrictEqual(m.choices(), [1, X.DRAIN + 0]);
  assert.throws(() => m.step(0), /cannot step/);
  m.drain(0);
  assert.deepStrictEqual(m.enabled(), [0, 1]);
});

test('forwarding is byte by byte: a narrow store under a wide load, a narrow load inside a wide store', () => {
  const meta = H.program('tso-bytes');
  const m = tsoMachine(meta, 'plain');
  m.reset();
  const st = m.take(0); // t0: the low byte 0x55 into its buffer
  assert.strictEqual(st.kind, 'W');
  assert.deepStrictEqual(
    m.buffer(0).map((e) => [e.name, e.size, e.value]),
    [['x', 1, 0x55]],
  );
  assert.strictEqual(m.values().x, 0x11223344, 'memory does not have the buffered store');
  m.take(1); // t1: 0x66778899 into its buffer
  const ld1 = m.take(1); // t1 reads byte 1 of x from its buffer
  assert.strictEqual(ld1.value, -120, 'byte 0x88 of the buffered word (a signed char)');
  m.take(X.DRAIN + 1); // t1's word reaches memory
  assert.strictEqual(m.values().x, 0x66778899);
  const ld0 = m.take(0); // t0: its byte over memory's other three
  assert.strictEqual(ld0.value, 0x66778855);
  m.take(X.DRAIN + 0);
  assert.deepStrictEqual(m.choices(), []);
  assert.strictEqual(m.outcome().key, `r0=${0x66778855} r1=-120 x=${0x66778855}`);
  // every outcome by DPOR is naive enumeration's
  const d = H.explore(tsoMachine(meta, 'plain'), 'dpor'),
    n = H.explore(tsoMachine(meta, 'plain'), 'naive');
  assert.deepStrictEqual(H.keys(d), H.keys(n));
  assert.ok(
    H.keys(d).includes(`r0=${0x11223355} r1=-120 x=${0x66778899}`),
    "t0 reads memory's old bytes, then t1's word overwrites all",
  );
});

test('drains are FIFO and a schedule names them: letters a-h (tests/fixtures/schedules.json: rules.test.js)', () => {
  assert.deepStrictEqual(X.decodeSchedule('01ab'), [0, 1, X.DRAIN, X.DRAIN + 1]);
  assert.strictEqual(X.encodeSchedule([0, 1, X.DRAIN + 1]), '01b');
  assert.throws(() => X.decodeSchedule('0i'), /drains a-h/);
  const meta = H.program('store-buffering');
  const m = tsoMachine(meta, 'plain');
  assert.throws(() => m.replay(X.decodeSchedule('a')), /buffer cannot drain/);
  assert.throws(
    () => new X.Machine(H.build(meta, 'plain'), metaForRuntime(meta), { model: 'pso' }),
    /unknown memory model/,
  );
});

test("a spinning thread waits under x86-TSO too, and the flag's drain wakes it", () => {
  const meta = H.program('stop-flag');
  for (const v of ['plain', 'fixed']) {
    const sc = H.keys(H.explore(H.machine(meta, v), 'dpor'));
    const tso = H.explore(tsoMachine(meta, v), 'dpor');
    assert.deepStrictEqual(H.keys(tso), sc, `${v}: a lone flag store gives the same outcomes`);
    assert.deepStrictEqual(H.keys(H.explore(tsoMachine(meta, v), 'naive')), sc);
  }
});

test('DPOR = naive under x86-TSO on every test program', (t) => {
  let compared = 0,
    skipped = 0;
  for (const name of H.programNames()) {
    const meta = H.program(name);
    for (const v of meta.variants) {
      const d = H.explore(tsoMachine(meta, v), 'dpor', 200000),
        n = H.explore(tsoMachine(meta, v), 'naive', 20000);
      if (n.partial) {
        skipped++;
        continue;
      }
      assert.deepStrictEqual(H.keys(d), H.keys(n), `${name}.${v}`);
      assert.ok(d.executions <= n.executions, `${name}.${v}: ${d.executions} <= ${n.executions}`);
      compared++;
    }
  }
  assert.ok(compared >= 2 * skipped, `${compared} variants compared, ${skipped} past the naive cap`);
  t.diagnostic(`${compared} variants compared, ${skipped} past naive enumeration's cap of 20,000 schedules`);
});
