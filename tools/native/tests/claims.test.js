// claims.test.js - what issue 12 promises a reader, checked on the build's data (make native-check):
// the store-tearing page's torn value is reachable exactly on the cells whose code splits the store,
// and the polling loop hangs exactly on the cells whose code hoists the load. "Splits" and "hoists"
// are the cells' evidence (tools/asm counts the accesses in the listing, build/data/evidence.json);
// "reachable" and "hangs" are expect.js's verdicts on the native outcomes (build/data/native/<id>.json).
// Two independent programs must agree on every cell of the matrix.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');

const DATA = path.join(process.env.BUILD || 'build', 'data');
const read = (rel) => JSON.parse(fs.readFileSync(path.join(DATA, rel), 'utf8'));

// {cell: true/false}: does the plain variant's evidence hold on the cell (all its predicates)?
function plainEvidence(id) {
  const ex = read('evidence.json').examples.find((e) => e.id === id);
  assert.ok(ex, `${id}: no evidence`);
  const out = {};
  for (const r of ex.results) if (r.variant === 'plain') out[`${r.target}/${r.opt}`] = r.holds;
  return out;
}

// {cell: true/false}: does the plain code of the cell break the fix's guarantee expr?
function breaks(id, expr) {
  const n = read(`native/${id}.json`);
  assert.ok(n.guarantees.some((g) => g.expr === expr), `${id}: no guarantee ${expr}`);
  const out = {};
  for (const [cell, v] of Object.entries(n.cells)) {
    assert.equal(v.plain.status, 'ok', `${id} ${cell}: not explored`);
    assert.ok(v.plain.broken, `${id} ${cell}: no verdict`);
    out[cell] = v.plain.broken.some((b) => b.expr === expr);
  }
  return out;
}

// The two maps agree on every cell, and each side is true somewhere and false somewhere.
function sameCells(id, what, reached, evidence) {
  const cells = Object.keys(reached).sort();
  assert.deepEqual(cells, Object.keys(evidence).sort(), `${id}: the same cells on both sides`);
  const wrong = cells.filter((c) => reached[c] !== evidence[c])
    .map((c) => `${c}: ${what} ${reached[c] ? 'reachable' : 'unreachable'}, evidence ${evidence[c] ? 'holds' : 'fails'}`);
  assert.deepEqual(wrong, [], `${id}: cells where the outcomes and the evidence disagree`);
  assert.ok(cells.some((c) => reached[c]) && cells.some((c) => !reached[c]), `${id}: a claim that separates cells`);
  return cells.filter((c) => reached[c]);
}

test('store-tearing: the torn value is reachable exactly where the code stores big in two halves', () => {
  const id = 'store-tearing/const64';
  const torn = sameCells(id, 'r1 == 1', breaks(id, 'r1 == 1'), plainEvidence(id));
  for (const opt of ['O0', 'O1', 'O2', 'O3', 'Os']) assert.ok(torn.includes(`gcc-12/aarch64/${opt}`), `gcc-12/aarch64/${opt}`);
  assert.ok(!torn.includes('gcc-12/x86_64/O2') && !torn.includes('clang-22/aarch64/O2'));
});

test('load-fusing: the polling loop hangs exactly where the code hoists the load out of it', () => {
  const id = 'load-fusing/need-to-stop-gnu89';
  const hangs = sameCells(id, 'hang(t1)', breaks(id, 'hang(t1)'), plainEvidence(id));
  assert.ok(!hangs.some((c) => c.endsWith('/O0')), 'no compiler hoists the load at -O0');
});
