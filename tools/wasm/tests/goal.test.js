// goal.test.js - the play mode's goal (metadata goal.<variant>) and the one line numbering: a goal
// that no schedule of its variant reaches fails at its file:line (so the game can always be won),
// every variant's data carries the goal with whether its runs reach it (true, false, or null when a
// search stopped at its cap),
// and every line the engine reports for a variant cut from an example file (steps, crashes, the
// outcome keys) is the file's, through the metadata's line map (asm-tool linemap).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const H = require('./helpers');
const { makeMeta } = require('../lib/metafiles');
const { checkVariant } = require('../lib/expect');

// A course example whose fixed variant has lines the plain one has not, so that the plain
// variant's own line numbers differ from the file's after the #if block.
function example(goal) {
  const lines = [
    '/*@example',
    ' * title: goals and lines',
    ' * page: none',
    ' * shows: a goal and the line map',
    ' * threads: t0 t1',
    ' * variants: plain fixed',
    ' * outcome: r1',
    ' * quiz.plain: crash(t1)',
    goal,
    ' */',
    '#include "course.h"',
    '',
    'SHARED(int, x);',
    'OBSERVED(int, r1);',
    '',
    'THREAD(t0)',
    '{',
    '#if FIXED',
    '\tWRITE_ONCE(x, 2);',
    '\tWRITE_ONCE(x, 2);',
    '\tWRITE_ONCE(x, 2);',
    '#else',
    '\tWRITE_ONCE(x, 1);',
    '#endif',
    '}',
    '',
    'THREAD(t1)',
    '{',
    '\tr1 = READ_ONCE(x);',
    '\tBUG_ON(r1 == 1);',
    '}',
    '',
  ];
  const dir = path.join(H.SCRATCH, 'goal-' + Math.random().toString(36).slice(2, 8));
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'goal.c');
  fs.writeFileSync(file, lines.join('\n'));
  const meta = makeMeta(file, 'test/goal', dir, ['none']);
  return { meta, file, bugLine: lines.indexOf('\tBUG_ON(r1 == 1);') + 1, goalLine: lines.indexOf(goal) + 1 };
}

test("a reachable goal: no error, its witness; lines are the example file's", () => {
  const { meta, file, bugLine } = example(' * goal.plain: make t1 crash: crash(t1)');
  assert.deepStrictEqual(meta.goal && [meta.goal.variant, meta.goal.text, meta.goal.expr], [
    'plain',
    'make t1 crash',
    'crash(t1)',
  ]);
  assert.ok(meta.lines && meta.lines.plain, 'asm-tool linemap wrote the line map');
  const plainSrc = fs.readFileSync(meta.sources.plain, 'utf8').split('\n');
  assert.notStrictEqual(
    plainSrc.indexOf('\tBUG_ON(r1 == 1);') + 1,
    bugLine,
    'the cut moved the line (else this test proves nothing)',
  );
  const r = H.processExample(meta, { buildDir: H.SCRATCH, cacheDir: H.CACHE });
  assert.deepStrictEqual(r.errors, []);
  const g = r.json.variants.plain.goal;
  assert.strictEqual(g.reachable, true);
  assert.match(g.witness, /^[01]+$/);
  const crash = r.json.variants.plain.outcomes.find((o) => o.crash);
  assert.strictEqual(crash.crash.line, bugLine, "the crash names the file's line");
  assert.ok(crash.key.includes('BUG_ON at line ' + bugLine), crash.key);
  // the data script carries the mapped tables and the goal; a machine made from it numbers steps by the file
  const script = fs.readFileSync(path.join(H.SCRATCH, 'data/site', r.json.variants.plain.data_script), 'utf8');
  const sandbox = {};
  new Function('self', script)(sandbox);
  const d = sandbox.COURSE_WASM['test/goal:plain'];
  assert.strictEqual(d.goal.expr, 'crash(t1)');
  const m = new H.X.Machine(d, d.meta);
  m.replay([1]);
  const readLine = fs.readFileSync(file, 'utf8').split('\n').indexOf('\tr1 = READ_ONCE(x);') + 1;
  assert.strictEqual(m.trace[0].line, readLine, "the step names the file's line");
  // every variant gets the goal, with whether its runs reach it (the goal box and the win read it)
  assert.deepStrictEqual(
    r.json.variants.fixed.goal && [r.json.variants.fixed.goal.variant, r.json.variants.fixed.goal.reachable],
    ['plain', false],
    "the goal is the plain variant's, and no run of the fixed variant reaches it",
  );
  assert.deepStrictEqual(sandbox.COURSE_WASM['test/goal:plain'].goal.reachable, true);
});

test('a search stopped at its cap that did not reach the goal says "not known" (null), never false', () => {
  const { meta } = example(' * goal.plain: make t1 crash: crash(t1)');
  const none = [{ key: 'r1=0', values: { r1: 0 }, hang: [], crash: null, done: true, count: 1, witness: '01' }];
  assert.strictEqual(checkVariant(meta, 'fixed', none, { partial: true, cap: 7 }).goal.reachable, null);
  assert.strictEqual(checkVariant(meta, 'fixed', none, {}).goal.reachable, false);
});

test('a goal that no schedule reaches fails at its file:line (must fail)', () => {
  const { meta, file, goalLine } = example(' * goal.fixed: make t1 crash: crash(t1)');
  const r = H.processExample(meta, { buildDir: H.SCRATCH, cacheDir: H.CACHE });
  assert.strictEqual(r.errors.length, 1, r.errors.join('\n'));
  assert.ok(
    r.errors[0].startsWith(
      `${file}:${goalLine}: goal.fixed: make t1 crash: crash(t1) -- but no schedule of the fixed variant reaches it`,
    ),
    r.errors[0],
  );
  assert.strictEqual(r.json.variants.fixed.goal.reachable, false);
});

test('the goal line is checked by asm-tool meta: words, a predicate of the example, one goal', () => {
  assert.throws(() => example(' * goal.plain: : crash(t1)'), /goal\.c:9: goal needs words before the predicate/);
  assert.throws(
    () => example(' * goal.plain: make t1 crash'),
    /goal\.c:9: goal needs '<the bad outcome in words>: <predicate>'/,
  );
  assert.throws(
    () => example(' * goal.plain: make t1 crash: crash(t1)\n * goal.fixed: again: crash(t1)'),
    /goal\.c:10: a second goal \(the first is at line 9\)/,
  );
  assert.throws(() => example(' * goal.plain: make it: r7 == 1'), /goal\.c:9: bad goal predicate/);
  assert.throws(
    () => example(' * goal.transformed: make t1 crash: crash(t1)'),
    /goal\.c:9: 'goal\.transformed' names a variant not in 'variants'/,
  );
  // tied to a predicate the example states (an expect or quiz line)
  assert.throws(
    () => example(' * goal.plain: make t1 finish: done'),
    /goal\.c:9: goal predicate 'done' is none of the example's expect, expect-tso or quiz predicates/,
  );
});

// Store buffering: the fixed variant has smp_mb() between each thread's store and load, the plain
// one has not; expect-tso lines make the example explored under x86-TSO too.
function sbExample(goalLines) {
  const lines = [
    '/*@example',
    ' * title: a goal under x86-TSO',
    ' * page: none',
    ' * shows: goals per memory model',
    ' * threads: t0 t1',
    ' * variants: plain fixed',
    ' * outcome: r0 r1',
    ' * expect.plain: unreachable: r0 == 0 && r1 == 0',
    ' * expect-tso.plain: reachable: r0 == 0 && r1 == 0',
    ' * expect-tso.fixed: unreachable: r0 == 0 && r1 == 0',
  ].concat(goalLines, [
    ' */',
    '#include "course.h"',
    '',
    'SHARED(int, x);',
    'SHARED(int, y);',
    'OBSERVED(int, r0);',
    'OBSERVED(int, r1);',
    '',
    'THREAD(t0)',
    '{',
    '\tWRITE_ONCE(x, 1);',
    '#if FIXED',
    '\tsmp_mb();',
    '#endif',
    '\tr0 = READ_ONCE(y);',
    '}',
    '',
    'THREAD(t1)',
    '{',
    '\tWRITE_ONCE(y, 1);',
    '#if FIXED',
    '\tsmp_mb();',
    '#endif',
    '\tr1 = READ_ONCE(x);',
    '}',
    '',
  ]);
  const dir = path.join(H.SCRATCH, 'goal-tso-' + Math.random().toString(36).slice(2, 8));
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'goal.c');
  fs.writeFileSync(file, lines.join('\n'));
  const meta = makeMeta(file, 'test/goal-tso', dir, ['none']);
  return { meta, file, goalLine: lines.indexOf(goalLines[0]) + 1 };
}

test('a goal under x86-TSO: reachable there only, carried in the tso summary, won by replaying its witness', () => {
  const goal = " * goal-tso.plain: make both loads miss the other thread's store: r0 == 0 && r1 == 0";
  const { meta } = sbExample([goal]);
  assert.strictEqual(meta.goal, null);
  assert.deepStrictEqual(meta.goal_tso && [meta.goal_tso.variant, meta.goal_tso.model, meta.goal_tso.expr], [
    'plain',
    'tso',
    'r0 == 0 && r1 == 0',
  ]);
  const r = H.processExample(meta, { buildDir: H.SCRATCH, cacheDir: H.CACHE });
  assert.deepStrictEqual(r.errors, []);
  assert.strictEqual(r.json.variants.plain.goal, null, 'no goal under SC');
  const g = r.json.tso.variants.plain.goal;
  assert.strictEqual(g.reachable, true);
  assert.match(g.witness, /[ab]/, 'the witness drains a store buffer');
  const sandbox = {};
  for (const v of ['plain', 'fixed'])
    new Function('self', fs.readFileSync(path.join(H.SCRATCH, 'data/site', r.json.variants[v].data_script), 'utf8'))(
      sandbox,
    );
  const d = sandbox.COURSE_WASM['test/goal-tso:plain'];
  assert.strictEqual(d.goal, null);
  assert.strictEqual(d.tso.goal.expr, 'r0 == 0 && r1 == 0');
  const m = new H.X.Machine(d, d.meta, { model: 'tso' });
  m.replay(H.X.decodeSchedule(g.witness));
  const o = m.outcome();
  assert.ok(
    H.X.predicateHolds(d.tso.goal.tree, { values: o.vals, hang: o.hang, crash: o.crash, done: o.done }),
    JSON.stringify(o),
  );
  const fixed = sandbox.COURSE_WASM['test/goal-tso:fixed'].tso.goal;
  assert.deepStrictEqual(
    [fixed.variant, fixed.reachable],
    ['plain', false],
    "the goal is the plain variant's; smp_mb() keeps the fixed one from it",
  );
  assert.strictEqual(r.json.tso.variants.fixed.goal.reachable, false);
  assert.strictEqual(r.json.variants.fixed.goal, null, 'no goal under SC, in any variant');
});

test('a goal under x86-TSO that no x86-TSO schedule reaches fails at its file:line (must fail)', () => {
  const goal = " * goal-tso.fixed: make both loads miss the other thread's store: r0 == 0 && r1 == 0";
  const { meta, file, goalLine } = sbExample([goal]);
  const r = H.processExample(meta, { buildDir: H.SCRATCH, cacheDir: H.CACHE });
  assert.strictEqual(r.errors.length, 1, r.errors.join('\n'));
  assert.ok(
    r.errors[0].startsWith(
      `${file}:${goalLine}: goal-tso.fixed: make both loads miss the other thread's store: ` +
        'r0 == 0 && r1 == 0 -- but no schedule of the fixed variant reaches it under x86-TSO',
    ),
    r.errors[0],
  );
  assert.strictEqual(r.json.tso.variants.fixed.goal.reachable, false);
});

test('goal-tso lines are checked by asm-tool meta: one per model, expect-tso lines needed', () => {
  const a = ' * goal-tso.plain: both zero: r0 == 0 && r1 == 0';
  const { meta } = sbExample([a, ' * quiz.plain: r0 == 1', ' * goal.plain: t0 sees the store: r0 == 1']);
  assert.deepStrictEqual([meta.goal.model, meta.goal_tso.model], ['sc', 'tso'], 'one goal per model');
  assert.throws(
    () => sbExample([a, ' * goal-tso.fixed: again: r0 == 0 && r1 == 0']),
    /goal\.c:12: a second goal-tso \(the first is at line 11\)/,
  );
  // without expect-tso lines the example is not explored under x86-TSO: its goal-tso could not be checked
  assert.throws(
    () => example(' * goal-tso.plain: make t1 crash: crash(t1)'),
    /goal\.c:9: goal-tso needs expect-tso lines/,
  );
});
