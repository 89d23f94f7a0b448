// rules.test.js - the engine's copies of the rules every explorer shares (docs/ARCHITECTURE.md,
// "Outcome keys and schedules"; the C is tools/lib/outkey.c and schedule.c), held to the shared
// fixtures: the outcome key of every case of tests/fixtures/outcome-keys.json, made by outcomeKey
// (an outcome object) and by keyOf (Machine.outcomeKey's parts), whole however long; every
// schedule of tests/fixtures/schedules.json accepted with its steps by parseSchedule, or refused.
// No module is built here.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('path');
const X = require('../runtime.js');

const TOP = path.join(__dirname, '../../..');
const KEYS = require(path.join(TOP, 'tests/fixtures/outcome-keys.json')).cases;
const SCHEDULES = require(path.join(TOP, 'tests/fixtures/schedules.json')).cases;

test('the outcome key of every fixture case, however long', () => {
  assert.ok(KEYS.length >= 10);
  assert.ok(KEYS.some((c) => c.key.length > 4096));
  for (const c of KEYS) {
    const vals = {};
    for (const [n, v] of c.values) vals[n] = v === '(deleted)' ? null : v;
    const o = { vals, hang: c.hang, crash: c.crash };
    assert.strictEqual(
      X.outcomeKey(
        o,
        c.values.map((v) => v[0]),
      ),
      c.key,
      c.name,
    );
    assert.strictEqual(X.keyOf(c.values.map((v) => v.join('=')).join(' '), c.hang, c.crash), c.key, c.name);
  }
});

test('every fixture schedule is parsed to its steps, or refused', () => {
  let refused = 0;
  for (const c of SCHEDULES) {
    const got = X.parseSchedule(c.schedule, c.threads, c.model);
    const label = `"${c.schedule}" (${c.threads} threads, ${c.model})`;
    if (c.steps === null) {
      assert.strictEqual(got, null, `${label} must be refused: ${c.why}`);
      refused++;
      continue;
    }
    const want = c.steps.map(([t, kind]) => (kind === 'drain' ? X.DRAIN + t : t));
    assert.deepStrictEqual(got, want, label);
    assert.deepStrictEqual(X.decodeSchedule(c.schedule), want, label);
    assert.strictEqual(X.encodeSchedule(want), c.schedule, label);
  }
  assert.ok(refused >= 8);
});

test('the alphabet and the limit: eight threads, digits 0-7, drains a-h', () => {
  assert.strictEqual(X.limits.MAX_THREADS, 8);
  assert.strictEqual(X.LETTERS, 'abcdefgh');
  assert.throws(() => X.decodeSchedule('8'), /0-7 and drains a-h/);
  assert.strictEqual(X.parseSchedule(undefined, 2, 'sc'), null);
});
