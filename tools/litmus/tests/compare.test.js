// compare.test.js - the explorer against the reference on the course's litmus examples: for
// every examples/litmus/<name>.c, the outcome set the explorer found for the fixed variant
// (build/data/outcomes/litmus/<name>.json, the compiled code under sequential consistency, and
// under x86-TSO) is the reference enumerator's SC (x86-TSO) outcome set
// (LITMUS_IMPORT/ref/<name>.json), key for key.
// (The plain variant is the compiler's business: it may differ, and that is the lesson.)
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');

const TOP = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(process.env.BUILD_DIR || path.join(TOP, 'build'));
const DIR = path.resolve(process.env.LITMUS_IMPORT || path.join(BUILD, 'litmus/project'));

test('explorer (compiled fixed variant) and reference find the same outcomes, under SC and x86-TSO', () => {
  const names = fs
    .readdirSync(path.join(TOP, 'examples/litmus'))
    .filter((f) => f.endsWith('.c'))
    .map((f) => f.replace(/\.c$/, ''))
    .sort();
  assert.ok(names.length > 0, 'examples/litmus has examples');
  for (const name of names) {
    const explorer = JSON.parse(fs.readFileSync(path.join(BUILD, 'data/outcomes/litmus', name + '.json'), 'utf8'));
    const ref = JSON.parse(fs.readFileSync(path.join(DIR, 'ref', name + '.json'), 'utf8'));
    const fixed = explorer.variants.fixed;
    assert.strictEqual(fixed.partial, false, `${name}: the explorer finished`);
    const got = fixed.outcomes.map((o) => o.key).sort();
    const want = ref.models.sc.outcomes.map((o) => o.key).sort();
    assert.deepStrictEqual(got, want, `${name}: explorer outcomes (left) vs reference SC outcomes (right)`);
    assert.deepStrictEqual(explorer.models, ['sc', 'tso'], `${name}: explored under x86-TSO too (expect-tso lines)`);
    const tso = explorer.tso.variants.fixed;
    assert.strictEqual(tso.partial, false);
    assert.deepStrictEqual(
      tso.outcomes.map((o) => o.key).sort(),
      ref.models.tso.outcomes.map((o) => o.key).sort(),
      `${name}: explorer x86-TSO outcomes (left) vs reference x86-TSO outcomes (right)`,
    );
  }
});
