// roundtrip.test.js - each litmus test's condition survives the trip into the course's format:
// the expect line the converter writes, parsed by asm-tool (the one parser of predicates) and
// evaluated by the explorer's own evaluator (runtime.js) on every outcome the reference found under
// SC and x86-TSO, gives exactly what the reference computed from the litmus condition; and the
// expect line's kind is the SC verdict.
// Input: `litmus-tool import` outputs: the project's (LITMUS_IMPORT, default build/litmus/project)
// and the dialect suite's (LITMUS_DIALECT, when set: registers compared with registers, not);
// the tests that have an example (the others have no expect line to check).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');

const TOP = path.resolve(__dirname, '../../..');
const X = require(path.join(TOP, 'tools/wasm/runtime.js'));
const { makeMeta, predicateTrees } = require(path.join(TOP, 'tools/wasm/lib/metafiles.js'));
const SCRATCH = fs.mkdtempSync(path.join(require('os').tmpdir(), 'litmus-roundtrip-'));
process.on('exit', () => fs.rmSync(SCRATCH, { recursive: true, force: true }));
const DIRS = [process.env.LITMUS_IMPORT || path.join(TOP, 'build/litmus/project'), process.env.LITMUS_DIALECT]
  .filter(Boolean)
  .map((d) => path.resolve(d));

function refs() {
  return DIRS.flatMap((dir) =>
    fs
      .readdirSync(path.join(dir, 'ref'))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({
        dir,
        name: f.replace(/\.json$/, ''),
        ref: JSON.parse(fs.readFileSync(path.join(dir, 'ref', f), 'utf8')),
      }))
      .filter((r) => fs.existsSync(path.join(dir, 'examples', r.name + '.c'))),
  );
}

// The expect.fixed lines of a generated example, as asm-tool reads them: [{kind, expr, tree}].
function expectLines(dir, name) {
  const file = path.join(dir, 'examples', name + '.c');
  return makeMeta(file, 'litmus-roundtrip/' + name, SCRATCH, ['none']).expect.fixed;
}

const outcome = (o) => ({ values: o.values, hang: o.hang, crash: o.crash, done: o.done });

test('the condition as an outcome predicate agrees with the litmus condition on every outcome', () => {
  const seen = { true: 0, false: 0 };
  const all = refs();
  assert.ok(all.length >= 20, `expected the project's tests in ${DIRS}, found ${all.length}`);
  for (const { name, ref } of all) {
    const [tree] = predicateTrees([ref.condition.predicate], { threads: ref.threads, outcome: ref.outcome });
    for (const model of ref.order) {
      const r = ref.models[model];
      assert.strictEqual(r.partial, false, `${name} ${model}: complete`);
      for (const o of r.outcomes) {
        const got = X.predicateHolds(tree, outcome(o));
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
  for (const { dir, name, ref } of refs()) {
    const lines = expectLines(dir, name);
    examples++;
    const v = ref.models.sc.verdict;
    assert.strictEqual(lines[0].expr, ref.condition.predicate, `${name}: the first expect line is the condition`);
    assert.strictEqual(lines[0].kind, v === 'Never' ? 'unreachable' : 'reachable', `${name}: kind of ${v}`);
    assert.strictEqual(lines.length, v === 'Never' ? 1 : 2, `${name}: the negation too unless Never`);
    // every line holds on the reference's SC outcomes, evaluated as the explorer will
    for (const l of lines) {
      const reach = ref.models.sc.outcomes.some((o) => X.predicateHolds(l.tree, outcome(o)));
      assert.strictEqual(reach, l.kind === 'reachable', `${name}: ${l.kind}: ${l.expr}`);
    }
  }
  assert.ok(examples >= 20, `examples checked: ${examples}`);
});
