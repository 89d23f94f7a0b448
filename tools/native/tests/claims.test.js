// claims.test.js - what issue 12 promises a reader, checked on the build's data (make native-check):
// the store-tearing page's torn value is reachable exactly on the cells whose code splits the store,
// and the polling loop hangs exactly on the cells whose code hoists the load. "Splits" and "hoists"
// are the cells' evidence (tools/asm counts the accesses in the listing, build/data/evidence.json);
// "reachable" and "hangs" are expect.js's verdicts on the native outcomes (build/data/native/<id>.json).
// Two independent programs must agree on every cell of the matrix. And issue 16's x86-TSO facts on the
// litmus examples' x86 cells (store buffering, with and without smp_mb(), message passing).
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
  assert.ok(
    n.guarantees.some((g) => g.expr === expr),
    `${id}: no guarantee ${expr}`,
  );
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
  const wrong = cells
    .filter((c) => reached[c] !== evidence[c])
    .map(
      (c) => `${c}: ${what} ${reached[c] ? 'reachable' : 'unreachable'}, evidence ${evidence[c] ? 'holds' : 'fails'}`,
    );
  assert.deepEqual(wrong, [], `${id}: cells where the outcomes and the evidence disagree`);
  assert.ok(cells.some((c) => reached[c]) && cells.some((c) => !reached[c]), `${id}: a claim that separates cells`);
  return cells.filter((c) => reached[c]);
}

test('store-tearing: the torn value is reachable exactly where the code stores big in two halves', () => {
  const id = 'store-tearing/const64';
  const torn = sameCells(id, 'r1 == 1', breaks(id, 'r1 == 1'), plainEvidence(id));
  for (const opt of ['O0', 'O1', 'O2', 'O3', 'Os'])
    assert.ok(torn.includes(`gcc-12/aarch64/${opt}`), `gcc-12/aarch64/${opt}`);
  assert.ok(!torn.includes('gcc-12/x86_64/O2') && !torn.includes('clang-22/aarch64/O2'));
});

test('load-fusing: the polling loop hangs exactly where the code hoists the load out of it', () => {
  const id = 'load-fusing/need-to-stop-gnu89';
  const hangs = sameCells(id, 'hang(t1)', breaks(id, 'hang(t1)'), plainEvidence(id));
  assert.ok(!hangs.some((c) => c.endsWith('/O0')), 'no compiler hoists the load at -O0');
});

// Issue 16 (x86-TSO on the real machine code): the course's litmus examples as the x86 compilers
// build them at -O2, under x86-TSO (each cell's "tso" result). keys: the x86-TSO outcome keys.
function tsoKeys(id, cell, variant) {
  const c = read(`native/${id}.json`).cells[cell];
  assert.ok(c && c[variant], `${id} ${cell}: no ${variant} cell`);
  const t = c[variant].tso;
  assert.ok(t && t.status === 'ok' && !t.partial, `${id} ${cell} ${variant}: no complete x86-TSO result`);
  return { tso: t.outcomes.map((o) => o.key), sc: c[variant].outcomes.map((o) => o.key), outcomes: t.outcomes };
}

const X86_O2 = [
  'gcc-12/x86_64/O2',
  'gcc-12/i386/O2',
  'clang-14/x86_64/O2',
  'clang-14/i386/O2',
  'clang-19/x86_64/O2',
  'clang-22/x86_64/O2',
];

test('x86-TSO: store buffering reaches both zero at -O2 on x86-64 and i386, only through the buffers, and not with smp_mb()', () => {
  const both = 'P0_r0=0 P1_r0=0';
  for (const cell of X86_O2) {
    const sb = tsoKeys('litmus/sb-poonceonces', cell, 'fixed');
    assert.ok(sb.tso.includes(both), `${cell}: SB both zero under x86-TSO`);
    assert.ok(!sb.sc.includes(both), `${cell}: SB both zero under SC`);
    assert.match(sb.outcomes.find((o) => o.key === both).witness, /[ab]/, `${cell}: the witness drains a buffer`);
    const mb = tsoKeys('litmus/sb-fencembonceonces', cell, 'fixed');
    assert.ok(!mb.tso.includes(both), `${cell}: SB+smp_mb() both zero under x86-TSO`);
  }
});

test("x86-TSO: message passing's relaxed outcome is unreachable at every level on x86-64 and i386", () => {
  const n = read('native/litmus/mp-pooncerelease-poacquireonce.json');
  const cells = Object.keys(n.cells).filter((c) => /\/(x86_64|i386)\//.test(c));
  assert.equal(cells.length, 30);
  for (const cell of cells) {
    const mp = tsoKeys('litmus/mp-pooncerelease-poacquireonce', cell, 'fixed');
    assert.ok(mp.tso.length >= 3 && !mp.tso.includes('P1_r0=1 P1_r1=0'), `${cell}: MP r0=1 r1=0 under x86-TSO`);
  }
});

// Issue 16, the example pages: every x86 cell carries its x86-TSO verdicts (expect.js) and, in its page
// data script, traces with the store buffers; no other cell has an x86-TSO result. The verdicts say what
// the pages say: without smp_mb() the plain store buffering breaks the guarantee the fixed code keeps,
// and with the marked accesses alone (no barrier) the store buffer breaks it in the fixed code too.
function dataScript(rel) {
  const text = fs.readFileSync(path.join(DATA, 'site', rel.replace(/^data\//, '')), 'utf8');
  const box = { window: {} };
  new Function('window', text)(box.window); // the script only assigns window.COURSE_DATA[key]
  return Object.values(box.window.COURSE_DATA)[0];
}

test('x86-TSO on the example pages: verdicts on every x86 cell, none elsewhere', () => {
  const both = 'P0_r0 == 0 && P1_r0 == 0';
  for (const id of ['litmus/sb-fencembonceonces', 'litmus/sb-poonceonces']) {
    const n = read(`native/${id}.json`);
    for (const [cell, vs] of Object.entries(n.cells)) {
      const x86 = /\/(x86_64|i386)\//.test(cell);
      for (const [v, c] of Object.entries(vs)) {
        assert.equal(!!c.tso, x86, `${id} ${cell} ${v}: an x86-TSO result exactly on x86`);
        if (x86) assert.ok(Array.isArray(c.tso.broken), `${id} ${cell} ${v}: no x86-TSO verdict`);
      }
      if (!x86) continue;
      const broken = (v) => vs[v].tso.broken.map((b) => b.expr);
      if (id === 'litmus/sb-fencembonceonces') {
        assert.deepEqual(broken('plain'), [both], `${id} ${cell}: plain breaks it under x86-TSO`);
        assert.deepEqual(broken('fixed'), [], `${id} ${cell}: smp_mb() keeps it under x86-TSO`);
      } else {
        assert.deepEqual(broken('fixed'), [both], `${id} ${cell}: the store buffer breaks the fixed code's guarantee`);
      }
      const bad = vs.plain.tso.outcomes.filter((o) => o.breaks);
      assert.deepEqual(
        bad.map((o) => o.key),
        vs.plain.tso.broken.map((b) => b.key),
        `${id} ${cell}: outcome marks`,
      );
    }
  }
});

// (The test as written, marked accesses in program order: the compiler reorders nothing, so both
// zero is the store buffers' alone. Plain C may be reordered by the compiler: gcc 12 on i386 loads
// before it stores, and reaches both zero under SC.)
test('x86-TSO on the example pages: the data scripts replay the witnesses with the store buffers', () => {
  const n = read('native/litmus/sb-poonceonces.json');
  for (const cell of X86_O2) {
    const d = dataScript(n.scripts[cell]);
    const o = d.variants.fixed.tso.outcomes.find((x) => x.key === 'P0_r0=0 P1_r0=0');
    assert.ok(o && o.trace, `${cell}: no trace of both zero under x86-TSO`);
    assert.equal(o.trace.steps.length, o.witness.length);
    assert.deepEqual(o.trace.buffers, [[], []], `${cell}: the buffers start empty`);
    // each load reads 0 while its own thread's store still waits in its buffer; two stores, two drains
    const kinds = o.trace.steps.map((s) => s.kind).join('');
    assert.equal(kinds.replace(/[^W]/g, '').length, 2, `${cell}: ${kinds}`);
    assert.equal(kinds.replace(/[^D]/g, '').length, 2, `${cell}: ${kinds}`);
    for (const r of o.trace.steps.filter((s) => s.kind === 'R')) {
      assert.equal(r.buffers[r.t].length, 1, `${cell}: the load passes its thread's buffered store`);
      assert.equal(r.accesses[0].value, 0);
    }
    assert.deepEqual(o.trace.steps[o.trace.steps.length - 1].buffers, [[], []], `${cell}: drained at the end`);
    assert.ok(!('trace' in n.cells[cell].fixed.tso.outcomes[0]), `${cell}: no traces in the page's summary`);
  }
  const arm = dataScript(n.scripts['gcc-12/aarch64/O2']);
  assert.equal(arm.variants.plain.tso, undefined, 'no x86-TSO on AArch64');
});
