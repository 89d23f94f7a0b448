// values.test.js - the values the engine hands out and how the page shows them: a 64-bit value
// beyond 2^53 is exact (its decimal digits, as the native explorer writes them) in memory, steps,
// store buffers and outcome keys, and predicates read it as a number; a variable of the metadata's
// hex key is shown in hexadecimal, two digits per byte of the access (tests/programs/wide.c).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const H = require('./helpers');

const BIG = '1311768465173141112'; // 0x1234567812345678: not a double

test('a 64-bit value is exact beyond 2^53, and shown in hexadecimal where the metadata says so', () => {
  const meta = H.program('wide');
  assert.deepStrictEqual(meta.hex, ['big']);
  const m = H.machine(meta, 'plain');
  const big = m.vars.find((v) => v.name === 'big'),
    r1 = m.vars.find((v) => v.name === 'r1');
  assert.strictEqual(m.valueText(big.addr, big.size, m.values().big), '0x0000000000000000');
  m.replay([0, 1]);
  assert.deepStrictEqual(m.values(), { big: BIG, r1: BIG });
  assert.match(m.describe(m.trace[0]), /^t0 writes big = 0x1234567812345678 at line \d+$/);
  assert.match(m.describe(m.trace[1]), /^t1 reads big = 0x1234567812345678 at line \d+$/);
  assert.strictEqual(m.valueText(big.addr, big.size, m.values().big), '0x1234567812345678');
  assert.strictEqual(m.valueText(big.addr + 4, 4, 0x12345678), '0x12345678', 'a 4-byte half: 8 digits');
  assert.strictEqual(m.valueText(r1.addr, r1.size, m.values().r1), BIG, 'r1 is not in the hex key: decimal');
  const o = m.outcome();
  assert.strictEqual(o.key, `big=${BIG} r1=${BIG}`);
  // the predicates read the digits as a number (big + 0 == big), and the one checker agrees
  const res = H.explore(m, 'dpor');
  const { checkVariant } = require('../lib/expect');
  const outcomes = res.outcomes.map((x) => ({
    key: x.key,
    values: x.outcome.vals,
    hang: x.outcome.hang,
    crash: x.outcome.crash,
    done: x.outcome.done,
    witness: x.witness,
  }));
  const r = checkVariant(meta, 'plain', outcomes, {});
  assert.deepStrictEqual(r.errors, []);
  assert.deepStrictEqual(
    r.expect.map((e) => e.ok),
    [true, true],
  );
  // x86-TSO: the store waits in t0's buffer, shown as the page shows it
  const t = new H.X.Machine(H.build(meta, 'plain'), m.meta, { model: 'tso' });
  t.replay([0]);
  assert.deepStrictEqual(
    t.buffer(0).map((e) => [e.name, e.value, e.text]),
    [['big', BIG, '0x1234567812345678']],
  );
  assert.strictEqual(t.values().big, 0, 'memory has not seen it yet');
});
