// predicates.test.js - the predicate language end to end: every case of
// tools/asm/tests/fixtures/predicates.json (the decisions the C tests check on the parser) is
// written into an example, parsed by asm-tool meta into trees, and evaluated by the engine on the
// outcomes listed there; refused cases must make asm-tool fail at their line. Then the one checker
// (lib/expect.js) on an outcome set given as data, as a native explorer would give it.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const H = require('./helpers');
const { makeMeta, predicateTrees } = require('../lib/metafiles');
const { checkVariant, brokenBy } = require('../lib/expect');

const CASES = JSON.parse(fs.readFileSync(path.join(H.TOP, 'tools/asm/tests/fixtures/predicates.json'), 'utf8'));

// An example with the cases' threads and outcome names, CHECK() (crash(check)), and the given lines.
function example(name, lines) {
  const text = [
    '/*@example',
    ' * title: predicate cases',
    ' * page: none',
    ' * shows: the predicate cases',
    ` * threads: ${CASES.threads.join(' ')}`,
    ' * variants: plain',
    ` * outcome: ${CASES.outcome.join(' ')}`,
  ].concat(
    lines.map((l) => ' * ' + l),
    [
      ' */',
      '#include "course.h"',
      'SHARED(int, flag);',
      'OBSERVED(int, r1);',
      'THREAD(t0) { WRITE_ONCE(flag, 1); }',
      'THREAD(t1) { r1 = READ_ONCE(flag); }',
      'CHECK() { BUG_ON(r1 > 1); }',
      '',
    ],
  );
  const file = path.join(H.SCRATCH, 'predicates', name + '.c');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text.join('\n'));
  return file;
}

test('every predicate case: asm-tool parses it, the engine evaluates its tree as the C tests do', () => {
  const good = CASES.cases.filter((c) => !c.error);
  const file = example(
    'good',
    good.map((c) => `quiz.plain: ${c.expr}`),
  );
  const meta = makeMeta(file, 'test/predicates', H.SCRATCH, ['none']);
  assert.strictEqual(meta.quiz.plain.length, good.length);
  meta.quiz.plain.forEach((q, i) => {
    assert.strictEqual(q.expr, good[i].expr);
    for (const [name, o] of Object.entries(CASES.outcomes))
      assert.strictEqual(H.X.predicateHolds(q.tree, o), good[i].holds.includes(name), `${q.expr} on outcome ${name}`);
  });
});

test('every refused case: asm-tool fails at its line with the message', () => {
  for (const c of CASES.cases.filter((x) => x.error)) {
    const file = example('bad', [`expect.plain: reachable: ${c.expr}`]);
    assert.throws(
      () => makeMeta(file, 'test/predicates-bad', H.SCRATCH, ['none']),
      (e) => e.message.includes(`${file}:8: bad outcome predicate: `) && e.message.includes(c.error),
      c.expr,
    );
  }
});

test('asm-tool pred (predicate texts alone) gives the trees asm-tool meta gives, and refuses the same cases', () => {
  const names = {
    threads: CASES.threads,
    outcome: CASES.outcome,
    has_init: CASES.has_init,
    has_check: CASES.has_check,
  };
  const good = CASES.cases.filter((c) => !c.error);
  const meta = makeMeta(
    example(
      'pred-command',
      good.map((c) => `quiz.plain: ${c.expr}`),
    ),
    'test/pred-command',
    H.SCRATCH,
    ['none'],
  );
  assert.deepStrictEqual(
    predicateTrees(
      good.map((c) => c.expr),
      names,
    ),
    meta.quiz.plain.map((q) => q.tree),
  );
  for (const c of CASES.cases.filter((x) => x.error))
    assert.throws(
      () => predicateTrees([c.expr], names),
      (e) => e.message.startsWith(`pred: ${c.expr}: `) && e.message.includes(c.error),
      c.expr,
    );
});

test('a variable the compiler deleted has no value: nothing that reads it holds, nor its negation', () => {
  const meta = makeMeta(
    example('deleted', [
      'quiz.plain: flag != 3',
      'quiz.plain: !(flag == 3)',
      'quiz.plain: flag == 3 || done',
      'quiz.plain: flag == 3 && !done',
      'quiz.plain: done',
    ]),
    'test/predicates-deleted',
    H.SCRATCH,
    ['none'],
  );
  const o = { values: { r1: 0, flag: null }, hang: [], crash: null, done: true };
  assert.deepStrictEqual(
    meta.quiz.plain.map((q) => H.X.predicateHolds(q.tree, o)),
    [false, false, true, false, true],
  );
});

test('the checker takes any outcome set: expectations, quiz predicates, errors at file:line, "you broke it"', () => {
  const meta = makeMeta(
    example('checker', [
      'expect.plain: reachable: r1 == 1',
      'expect.plain: unreachable: crash',
      'quiz.plain: hang(t1)',
    ]),
    'test/predicates-checker',
    H.SCRATCH,
    ['none'],
  );
  const outcomes = [
    { key: 'r1=1 flag=1', values: { r1: 1, flag: 1 }, hang: [], crash: null, done: true, count: 3, witness: '01' },
    {
      key: 'r1=0 flag=1; crash in t1: trap',
      values: { r1: 0, flag: 1 },
      hang: [],
      crash: { thread: 't1', message: 'trap' },
      done: false,
      count: 1,
      witness: '10',
    },
  ];
  const r = checkVariant(meta, 'plain', outcomes, { partial: true, cap: 7 });
  assert.deepStrictEqual(r.checked, { 'r1 == 1': true, crash: true, 'hang(t1)': false });
  assert.deepStrictEqual(
    r.expect.map((e) => [e.line, e.ok, e.witness]),
    [
      [8, true, '01'],
      [9, false, '10'],
    ],
  );
  assert.strictEqual(r.errors.length, 2);
  assert.match(
    r.errors[0],
    /predicates\/checker\.c:9: expect\.plain: unreachable: crash -- but it is reachable, e\.g\. schedule 10 gives "r1=0 flag=1; crash in t1: trap" \(exploration hit its cap/,
  );
  // a partial search proves no quiz predicate it did not reach unreachable
  assert.match(
    r.errors[1],
    /predicates\/checker\.c:10: quiz\.plain: hang\(t1\) -- exploration stopped at the cap \(7 schedules\): cannot prove unreachable/,
  );
  // brokenBy: plain's reachable lines that fixed cannot reach
  const two = Object.assign({}, meta, { expect: { plain: meta.expect.plain, fixed: [] } });
  assert.deepStrictEqual(
    brokenBy(two, { plain: outcomes, fixed: [outcomes[1]] }).map((b) => b.expr),
    ['r1 == 1'],
  );
  assert.deepStrictEqual(brokenBy(two, { plain: outcomes, fixed: outcomes }), []);
  assert.deepStrictEqual(brokenBy(two, { plain: outcomes }), []);
});

test('JSON in a data script: scriptJson() writes the bytes of tests/fixtures/script-json.json (the C rule, tools/lib/scriptjson.h)', () => {
  const { scriptJson } = require('../lib/outcomes');
  const { cases } = require('../../../tests/fixtures/script-json.json');
  assert.ok(cases.length >= 10);
  for (const c of cases) assert.strictEqual(scriptJson(c.value), c.text, c.name);
});
