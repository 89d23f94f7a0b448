// roundtrip.test.js - each litmus test's condition survives the trip into the course's format:
// the expect line the converter writes, evaluated by the explorer's own predicate evaluator
// (runtime.js) on every outcome the reference found under SC and x86-TSO, gives exactly what
// the reference computed from the litmus condition; and the expect line's kind is the SC verdict.
// Input: `litmus-tool import` output (LITMUS_IMPORT, default build/litmus/project).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');

const TOP = path.resolve(__dirname, '../../..');
const X = require(path.join(TOP, 'tools/wasm/runtime.js'));
const DIR = path.resolve(process.env.LITMUS_IMPORT || path.join(TOP, 'build/litmus/project'));

function refs() {
  const dir = path.join(DIR, 'ref');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), ref: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }));
}

// The expect.fixed lines of a generated example: [{kind, expr}].
function expectLines(name) {
  const file = path.join(DIR, 'examples', name + '.c');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  return lines.filter((l) => l.startsWith(' * expect.fixed: ')).map((l) => {
    const m = /^ \* expect\.fixed: (reachable|unreachable): (.*)$/.exec(l);
    assert.ok(m, `${file}: malformed expect line ${l}`);
    return { kind: m[1], expr: m[2] };
  });
}

test('the condition as an outcome predicate agrees with the litmus condition on every outcome', () => {
  const seen = { true: 0, false: 0 };
  const all = refs();
  assert.ok(all.length >= 20, `expected the project's tests in ${DIR}, found ${all.length}`);
  for (const { name, ref } of all) {
    const pred = X.parsePredicate(ref.condition.predicate, ref.outcome, ref.threads);
    for (const model of ref.order) {
      const r = ref.models[model];
      assert.strictEqual(r.partial, false, `${name} ${model}: complete`);
      for (const o of r.outcomes) {
        const got = pred({ vals: o.values, hang: o.hang, crash: o.crash, done: o.done });
        assert.strictEqual(got, o.satisfies, `${name} ${model}: ${ref.condition.predicate} on ${o.key}`);
        seen[got]++;
      }
      const any = r.outcomes.some((o) => o.satisfies);
      assert.deepStrictEqual(r.checked, { [ref.condition.predicate]: any }, `${name} ${model}: checked`);
    }
  }
  assert.ok(seen.true > 0 && seen.false > 0, 'both truth values occur (the comparison is not vacuous)');
});

test('the expect lines state the SC verdict of the condition', () => {
  let examples = 0;
  for (const { name, ref } of refs()) {
    const lines = expectLines(name);
    if (!lines) continue;
    examples++;
    const v = ref.models.sc.verdict;
    assert.strictEqual(lines[0].expr, ref.condition.predicate, `${name}: the first expect line is the condition`);
    assert.strictEqual(lines[0].kind, v === 'Never' ? 'unreachable' : 'reachable', `${name}: kind of ${v}`);
    assert.strictEqual(lines.length, v === 'Never' ? 1 : 2, `${name}: the negation too unless Never`);
    // every line holds on the reference's SC outcomes, evaluated as the explorer will
    for (const l of lines) {
      const f = X.parsePredicate(l.expr, ref.outcome, ref.threads);
      const reach = ref.models.sc.outcomes.some((o) => f({ vals: o.values, hang: o.hang, crash: o.crash, done: o.done }));
      assert.strictEqual(reach, l.kind === 'reachable', `${name}: ${l.kind}: ${l.expr}`);
    }
  }
  assert.ok(examples >= 20, `examples checked: ${examples}`);
});
