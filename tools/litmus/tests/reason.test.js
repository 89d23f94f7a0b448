// reason.test.js - the "why the verdicts differ" line of the Litmus tests page (page.js reason()):
// when the kernel's model allows an outcome that x86 never shows because of an atomic
// read-modify-write, the line says what that primitive orders in the kernel's model, per
// primitive: spin_lock()'s acquire orders the accesses after it (not the store before it), a
// relaxed RMW orders nothing, a failed cmpxchg() orders nothing. Checked on the function and on
// the page data the build wrote (build/data/litmus/tests.json) for the project's three tests.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const page = require('../page.js');

const TOP = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(process.env.BUILD_DIR || path.join(TOP, 'build'));
const ALLOWED_NOT_X86 = { sc: 'Never', tso: 'Never' };

test("the read-modify-write primitives are found in a test's calls, not in its #defines or comments", () => {
  const src =
    '/* uses spin_lock() */\n#define spin_lock(l) do { \\\n\tint __free; \\\n' +
    '\twhile (__free = 0, !__atomic_compare_exchange_n((l), &__free, 1, 0, \\\n' +
    '\t\t\t__ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) \\\n\t\twhile (READ_ONCE(*(l))) \\\n\t\t\t; \\\n} while (0)\n' +
    'void P0(void) { WRITE_ONCE(x, 1); spin_lock(&lx); r0 = READ_ONCE(y); spin_unlock(&lx); r1 = cmpxchg_acquire(&z, 1, 2); }\n';
  assert.deepStrictEqual(page.rmwPrimitives(src), ['spin_lock', 'cmpxchg_acquire']);
});

test('each primitive gets its own reason', () => {
  const lock = page.reason('Sometimes', ALLOWED_NOT_X86, ['spin_lock']);
  assert.match(lock, /spin_lock\(\) takes the lock with an acquire/);
  assert.match(lock, /orders the accesses after it but not the store before it/);
  assert.doesNotMatch(lock, /orders nothing/, 'an acquire orders the later accesses');
  assert.match(
    page.reason('Sometimes', ALLOWED_NOT_X86, ['xchg_relaxed']),
    /xchg_relaxed\(\) is relaxed and orders nothing/,
  );
  const cmp = page.reason('Sometimes', ALLOWED_NOT_X86, ['cmpxchg', 'cmpxchg_acquire']);
  assert.match(cmp, /cmpxchg\(\) orders only when it succeeds, and a failed one orders nothing/);
  assert.match(cmp, /cmpxchg_acquire\(\) is an acquire/);
  assert.match(cmp, /each is a locked instruction/);
  // without a primitive: the generic reason for weaker processors
  assert.match(page.reason('Sometimes', ALLOWED_NOT_X86, []), /weaker processors/);
  assert.strictEqual(page.reason('Never', ALLOWED_NOT_X86, ['spin_lock']), null);
});

test("the page data gives the project's tests the reason of their own primitive", () => {
  const data = JSON.parse(fs.readFileSync(path.join(BUILD, 'data/litmus/tests.json'), 'utf8'));
  const rows = Object.fromEntries(data.sets.find((s) => s.name === 'project').tests.map((t) => [t.name, t]));
  const want = {
    'SB+pooncelockonces':
      /spin_lock\(\) takes the lock with an acquire read-modify-write, which orders the accesses after it but not the store before it/,
    'SB+xchgrelaxedonces': /xchg_relaxed\(\) is relaxed and orders nothing/,
    'SB+failedcmpxchgs': /a failed one orders nothing/,
  };
  for (const [name, re] of Object.entries(want)) {
    assert.ok(rows[name], `${name}: on the page`);
    assert.match(rows[name].reason || '', re, name);
  }
  assert.doesNotMatch(
    rows['SB+pooncelockonces'].reason,
    /orders nothing|relaxed/,
    'spin_lock() is no relaxed operation',
  );
});
