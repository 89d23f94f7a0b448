#!/usr/bin/env node
// expect.js - the example's predicates on the outcomes of every native cell, evaluated by the one
// checker (tools/wasm/lib/expect.js, on the engine's predicateHolds): native-tool writes outcome
// sets in the WebAssembly explorer's format, so every predicate applies to a cell unchanged.
//
//   node tools/native/expect.js DATA_DIR ID TARGET...
//
// Reads DATA_DIR/meta/<id>.json (trees written by tools/asm) and DATA_DIR/native/<id>/<target>.json,
// writes DATA_DIR/native/<id>/expect.json (native-tool collect merges it; schema in
// tools/native/README.md):
//   {id, guarantees: [{line, expr}],          the fixed variant's `unreachable` lines: what the fix prevents
//    cells: {"<target>/<opt>": {<variant>: {
//      expect: [{line, kind, expr, reachable, ok, witness}],   the variant's own expect lines on this code
//      broken: [{line, expr, witness, key}],                   guarantees this code breaks (a witness each)
//      breaks: {<outcome key>: [expr]},                        the outcomes that break them
//      tso: {expect, broken, breaks},          an x86 cell under x86-TSO: its expect-tso lines, and
//                                              the guarantees it breaks, the fixed code's own too
//                                              (a fix for the compiler alone does not stop the
//                                              processor's store buffer)
//      armv8: {expect, broken, breaks}}}}}     an AArch64 cell under the Armv8 model: its
//                                              expect-armv8 lines, and the guarantees it breaks,
//                                              the fixed code's too (the processor's reordering)
// An unexplored or partial cell gets no verdict here (native-check fails on it). Beside it,
// DATA_DIR/native/<id>/explorer.json: the WebAssembly explorer's outcomes marked the same way
// (explorerView), for the pages' one outcome panel.
'use strict';
const fs = require('fs');
const path = require('path');
const { checkVariant } = require('../wasm/lib/expect');
const { predicateHolds } = require('../wasm/runtime.js');
const { writeFileAtomic } = require('../jslib/fsutil');

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// The fix's guarantees: expect.fixed lines of kind unreachable ([] for a single-variant example).
function guarantees(meta) {
  return ((meta.expect || {}).fixed || []).filter((e) => e.kind === 'unreachable');
}

// One explored cell of one variant (model 'tso': its outcomes under x86-TSO; 'armv8': under the
// Armv8 model).
function verdict(meta, variant, cell, fixes, model) {
  const outcomes = cell.outcomes;
  const own = checkVariant(meta, variant, outcomes, { model }).expect;
  const breaks = {};
  const broken = [];
  for (const g of fixes) {
    const hits = outcomes.filter((o) => predicateHolds(g.tree, o));
    for (const o of hits) (breaks[o.key] = breaks[o.key] || []).push(g.expr);
    if (hits.length) broken.push({ line: g.line, expr: g.expr, witness: hits[0].witness, key: hits[0].key });
  }
  return { expect: own, broken, breaks };
}

function main(argv) {
  if (argv.length < 3) {
    process.stderr.write('usage: node tools/native/expect.js DATA_DIR ID TARGET...\n');
    return 2;
  }
  const [data, id, ...targets] = argv;
  const meta = readJson(path.join(data, 'meta', id + '.json'));
  const fixes = guarantees(meta);
  const cells = {};
  for (const t of targets) {
    const doc = readJson(path.join(data, 'native', id, t + '.json'));
    for (const [opt, byVariant] of Object.entries(doc.cells)) {
      const out = (cells[t + '/' + opt] = {});
      for (const [v, cell] of Object.entries(byVariant)) {
        if (cell.status !== 'ok' || cell.partial) continue;
        out[v] = verdict(meta, v, cell, v === 'fixed' ? [] : fixes);
        for (const model of ['tso', 'armv8']) {
          const m = cell[model];
          if (m && m.status === 'ok' && !m.partial) out[v][model] = verdict(meta, v, m, fixes, model);
        }
      }
    }
  }
  const out = { id, guarantees: fixes.map((g) => ({ line: g.line, expr: g.expr })), cells };
  const file = path.join(data, 'native', id, 'expect.json');
  writeFileAtomic(file, JSON.stringify(out));
  writeFileAtomic(path.join(data, 'native', id, 'explorer.json'), JSON.stringify(explorerView(data, id, meta, fixes)));
  return 0;
}

// The explorer's build beside the machine code (issue 27, point 6): the WebAssembly explorer's
// outcomes of each variant under SC (DATA_DIR/outcomes/<id>.json), marked by the same checker as the
// cells (the fix's guarantees, on the plain and transformed variants). Written to
// DATA_DIR/native/<id>/explorer.json: {build: {compiler, opt, model}, variants: {<variant>:
// {outcomes: [{key, witness, breaks?}], executions, partial}}}, or {} without explorer outcomes.
function explorerView(data, id, meta, fixes) {
  const file = path.join(data, 'outcomes', id + '.json');
  if (!fs.existsSync(file)) return {};
  const doc = readJson(file);
  const variants = {};
  for (const [v, r] of Object.entries(doc.variants || {})) {
    const { breaks } = verdict(meta, v, r, v === 'fixed' ? [] : fixes);
    variants[v] = {
      executions: r.executions,
      partial: !!r.partial,
      outcomes: r.outcomes.map((o) =>
        Object.assign({ key: o.key, witness: o.witness }, breaks[o.key] ? { breaks: breaks[o.key] } : {}),
      ),
    };
  }
  return { build: doc.build, variants };
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = { guarantees, verdict, explorerView };
