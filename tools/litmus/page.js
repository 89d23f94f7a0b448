#!/usr/bin/env node
// page.js - the data of the "Litmus tests" page (content/litmus.md, template litmus-tests.html):
// for every test of one or more imported folders (what `litmus-tool import` wrote: summary.json,
// examples/<name>.c, ref/<name>.json), the verdict of the file's Result comment (herd and the
// Linux-kernel memory model) beside this build's verdicts for the compiled code: the test's
// example (fixed variant) built by the explorer's pipeline and explored under SC and x86-TSO; a
// witness (schedule and steps) for each reachable outcome of an exists condition; a one-line
// reason when the verdicts differ. A verdict of the compiled code that differs from the
// reference enumerator's is an error (file:line, exit 1) for the project's tests; for an imported
// test (whose plain accesses the compiler may transform) it is a note on the page. For a test that
// is a course example, the native explorer's x86-TSO verdicts of each x86 cell of the matrix
// (build/data/native/<id>.json, tools/native) beside the WebAssembly build's (its outcomes file),
// for the test as written (fixed) and its plain variant, with the reason where they differ.
// Usage: node tools/litmus/page.js --build BUILD --out FILE [--course-examples DIR] SET=IMPORT_DIR...
//   SET: the name of the set on the page ("project", "imported"); course examples (examples/litmus)
//   get a link to their explorer on the page (explorer_anchor, from BUILD/data/examples/<id>.json).
'use strict';
const fs = require('fs');
const path = require('path');

const TOP = path.resolve(__dirname, '../..');
const { makeMeta, predicateTrees } = require(path.join(TOP, 'tools/wasm/lib/metafiles.js'));
const { buildVariant } = require(path.join(TOP, 'tools/wasm/lib/pipeline.js'));
const { metaForRuntime } = require(path.join(TOP, 'tools/wasm/lib/outcomes.js'));
const X = require(path.join(TOP, 'tools/wasm/runtime.js'));
const { writeFileAtomic } = require(path.join(TOP, 'tools/jslib/fsutil.js'));

const MODELS = ['sc', 'tso'];

// herd's word for a condition over the finished runs: Never, Sometimes or Always.
function verdict(tree, outcomes) {
  const done = outcomes.filter((o) => o.outcome.done);
  const hits = done.filter((o) => X.predicateHolds(tree, { values: o.outcome.vals, hang: o.outcome.hang,
    crash: o.outcome.crash, done: o.outcome.done })).length;
  return hits === 0 ? 'Never' : hits === done.length ? 'Always' : 'Sometimes';
}

// The kernel's atomic read-modify-write primitives a test calls (spin_lock(), xchg_relaxed(),
// cmpxchg(), atomic_*()), in order of first call, from the test's example (calls only: not the
// #define lines that implement them, nor comments).
function rmwPrimitives(src) {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, ' ').split('\n').filter((l) => !/^\s*#/.test(l)).join('\n');
  const names = [];
  for (const m of code.matchAll(/\b([a-z_][a-z0-9_]*)\s*\(/g)) {
    const n = m[1];
    const rmw = /^spin_(lock|trylock)$/.test(n) || /^(atomic(64|_long)?_)?(try_)?(cmp)?xchg(_relaxed|_acquire|_release)?$/.test(n) ||
      /^atomic(64|_long)?_(add|sub|inc|dec|and|or|xor|andnot|fetch_\w+)(_return)?(_relaxed|_acquire|_release)?$/.test(n);
    if (rmw && !names.includes(n)) names.push(n);
  }
  return names;
}

// What one primitive orders in the kernel's model, as a clause (null: fully ordered, no reason to
// give). spin_lock()/spin_trylock() take the lock with an acquire RMW; a _relaxed RMW orders
// nothing; an _acquire one only what follows, a _release one only what precedes; a cmpxchg() is
// fully ordered only when it succeeds.
function primitiveOrders(n) {
  if (/^spin_(lock|trylock)$/.test(n))
    return `${n}() takes the lock with an acquire read-modify-write, which orders the accesses after it but not the store before it`;
  const failed = /cmpxchg_(acquire|release)$/.test(n) ? ', and a failed one orders nothing at all' : '';
  if (/_relaxed$/.test(n)) return `${n}() is relaxed and orders nothing`;
  if (/_acquire$/.test(n)) return `${n}() is an acquire, which orders the accesses after it but not the store before it${failed}`;
  if (/_release$/.test(n)) return `${n}() is a release, which orders the accesses before it but not the load after it${failed}`;
  if (/cmpxchg$/.test(n)) return `${n}() orders only when it succeeds, and a failed one orders nothing`;
  return null;
}

// Why the verdicts differ, from the verdicts and what the test contains: rmw is the list of its
// read-modify-write primitives (rmwPrimitives), or true for an atomic operation in the compiled
// code whose primitive is not known by name. Each primitive gets its own reason; on x86 every one
// is a locked instruction, a full barrier.
function reason(lkmm, v, rmw) {
  if (v.tso === 'Sometimes' && v.sc === 'Never')
    return 'x86 reaches it and sequential consistency does not: a load runs while an earlier store of the same ' +
      'thread still waits in its store buffer.';
  if (lkmm === 'Sometimes' && v.tso === 'Never') {
    const names = Array.isArray(rmw) ? rmw : [];
    const why = names.map(primitiveOrders).filter(Boolean);
    if (why.length) {
      const x86 = names.length > 1 ? 'each is a locked instruction' : 'it is a locked instruction';
      return `The kernel's model allows it: ${why.join('; ')}. So Arm, POWER or RISC-V may reorder the accesses ` +
        `around ${names.length > 1 ? 'them' : 'it'}; on x86 ${x86}, a full barrier.`;
    }
    return rmw && (!Array.isArray(rmw) || rmw.length)
      ? 'The kernel\'s model allows it: the atomic operation here does not order the accesses before it with those ' +
        'after it on Arm, POWER or RISC-V; on x86 it is a locked instruction, a full barrier.'
      : 'The kernel\'s model allows it for weaker processors such as Arm and POWER, which may reorder these accesses ' +
        'or show a store to some CPUs before others; x86 only lets a load pass an earlier store, and that is not enough here.';
  }
  return null;
}

// The verdict of a list of outcomes as the explorers' JSON files write them ({values, hang, crash, done}).
function verdictOf(tree, list) {
  return verdict(tree, list.map((o) => ({ outcome: { vals: o.values, hang: o.hang, crash: o.crash, done: o.done } })));
}

const NATIVE_VARIANTS = ['fixed', 'plain'];

// Why a cell's x86-TSO verdict differs from the WebAssembly build's, from the verdicts under SC
// (where barriers do nothing, so a different SC verdict is a compiler's reordering): this code's,
// the WebAssembly build's, and the test's as written (the reference enumerator's).
function nativeReason(scNative, scWasm, scTest) {
  if (scNative !== scWasm && scNative === scTest)
    return `the WebAssembly build's compiler reordered the accesses (its verdict under interleaving, SC, is already ${scWasm}); ` +
      `this code keeps the test's order (SC: ${scNative}, as the test)`;
  if (scNative !== scWasm && scWasm === scTest)
    return `this compiler reordered the accesses itself: under interleaving (SC) this code's verdict is already ${scNative}, the test's ${scTest}`;
  if (scNative !== scWasm)
    return `both compilers reordered the accesses, differently: SC verdicts ${scNative} here, ${scWasm} in the WebAssembly build, ${scTest} for the test`;
  return 'the same verdict as the WebAssembly build under interleaving (SC): the two builds differ only in where their ' +
    'stores, loads and locked instructions stand relative to each other, which only the store buffer shows';
}

// The native x86-TSO verdicts of a course example's x86 cells (null without native data):
// {wasm: {<variant>: {sc, tso}}, rows: [{target, levels: [{opt, <variant>: verdict, differs}]}],
//  opts, ncells, reasons: [{variant, verdict, why, cells: ["gcc-12/i386/O2", ...]}]}.
function nativeVerdicts(build, id, tree, scTest) {
  const npath = path.join(build, 'data/native', id + '.json'), wpath = path.join(build, 'data/outcomes', id + '.json');
  if (!fs.existsSync(npath) || !fs.existsSync(wpath)) return null;
  const native = JSON.parse(fs.readFileSync(npath, 'utf8')), wasm = JSON.parse(fs.readFileSync(wpath, 'utf8'));
  if (!wasm.tso) return null;
  const out = { wasm: {}, rows: [], opts: [], reasons: [] };
  for (const v of NATIVE_VARIANTS) {
    if (!wasm.variants[v] || !wasm.tso.variants[v]) return null;
    out.wasm[v] = { sc: verdictOf(tree, wasm.variants[v].outcomes), tso: verdictOf(tree, wasm.tso.variants[v].outcomes) };
  }
  const rows = new Map(), reasons = new Map();
  for (const [name, cell] of Object.entries(native.cells || {})) {
    const [compiler, arch, opt] = name.split('/');
    if (!NATIVE_VARIANTS.every((v) => cell[v] && cell[v].tso && cell[v].tso.status === 'ok' && !cell[v].tso.partial)) continue;
    const target = compiler + '/' + arch;
    if (!rows.has(target)) rows.set(target, { target, levels: [] });
    if (!out.opts.includes(opt)) out.opts.push(opt);
    const level = { opt, differs: false };
    for (const v of NATIVE_VARIANTS) {
      const tso = verdictOf(tree, cell[v].tso.outcomes);
      level[v] = tso;
      if (tso === out.wasm[v].tso) continue;
      level.differs = true;
      const why = nativeReason(verdictOf(tree, cell[v].outcomes), out.wasm[v].sc, scTest);
      const k = v + '\n' + tso + '\n' + why;
      if (!reasons.has(k)) reasons.set(k, { variant: v, verdict: tso, why, cells: [] });
      reasons.get(k).cells.push(name);
    }
    rows.get(target).levels.push(level);
  }
  if (!rows.size) return null;
  out.rows = [...rows.values()];
  out.ncells = out.rows.reduce((n, r) => n + r.levels.length, 0);
  out.reasons = [...reasons.values()];
  return out;
}

// The anchor of a course example's explorer on its page, from its page data (build/data/examples/<id>.json,
// written by tools/asm collect, the one place that derives anchors).
function explorerAnchor(build, id) {
  const file = path.join(build, 'data/examples', id + '.json');
  const a = JSON.parse(fs.readFileSync(file, 'utf8')).explorer_anchor;
  if (!a) throw new Error(`${file}: no explorer_anchor`);
  return a;
}

function main(argv) {
  let build = path.join(TOP, 'build'), out = null, course = path.join(TOP, 'examples/litmus');
  const sets = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--build') build = path.resolve(argv[++i]);
    else if (argv[i] === '--out') out = path.resolve(argv[++i]);
    else if (argv[i] === '--course-examples') course = path.resolve(argv[++i]);
    else if (/^[a-z]+=/.test(argv[i])) sets.push({ name: argv[i].split('=')[0], dir: path.resolve(argv[i].slice(argv[i].indexOf('=') + 1)) });
    else { process.stderr.write(`page.js: unknown argument ${argv[i]}\n`); return 2; }
  }
  if (!out || !sets.length) { process.stderr.write('usage: page.js --build BUILD --out FILE SET=IMPORT_DIR...\n'); return 2; }
  const scratch = path.join(build, 'litmus/page-meta');
  fs.rmSync(scratch, { recursive: true, force: true });
  const errors = [];
  const data = { sets: [] };
  for (const set of sets) {
    const summary = JSON.parse(fs.readFileSync(path.join(set.dir, 'summary.json'), 'utf8'));
    const tests = [];
    for (const s of summary.tests) {
      // (a test skipped before its name was read is named by its file)
      const row = { name: s.name || path.basename(s.file, '.litmus'), file: s.file, lkmm: s.lkmm || null, status: s.status, reason: null };
      tests.push(row);
      // (the import's reason names the file and line; the row already names the test)
      if (s.status !== 'ok' || !s.example) { row.skipped = (s.reason || s.status).replace(/(^|: )\S+:\d+: /, '$1'); continue; }
      const ref = JSON.parse(fs.readFileSync(path.join(set.dir, 'ref', s.example + '.json'), 'utf8'));
      const meta = makeMeta(path.join(set.dir, 'examples', s.example + '.c'), `${set.name}/${s.example}`, scratch, ['none']);
      let mod = buildVariant({ src: meta.sources.fixed, cflags: (meta.cflags.all || []).concat(meta.cflags.fixed || []),
        meta, variant: 'fixed', cacheDir: path.join(build, 'cache/wasm') });
      // The witnesses' steps name the litmus file's lines (the import's map of the example file's
      // lines, s.lines, composed with the fixed variant's cut, meta.lines.fixed).
      if (s.lines) {
        const cut = (meta.lines || {}).fixed;
        mod = X.withFileLines(mod, Array.from({ length: cut ? cut.length : s.lines.length },
          (_, i) => s.lines[(cut ? cut[i] : i + 1) - 1] || 0));
      }
      const tree = predicateTrees([ref.condition.predicate], { threads: meta.threads, outcome: meta.outcome,
        has_init: meta.has_init, has_check: meta.has_check }, path.join(scratch, 'cond', s.example))[0];
      // A course example of the same name generated from the same file (make litmus-test checks it is
      // current; the examples list's words change its metadata only): its explorer is on the page.
      const courseFile = path.join(course, s.example + '.c');
      const from = (f) => (/^ \* Generated by tools\/litmus from (.*) \(do not edit\)\.$/m.exec(fs.readFileSync(f, 'utf8')) || [])[1];
      const onPage = fs.existsSync(courseFile) && from(courseFile) !== undefined &&
        from(courseFile) === from(path.join(set.dir, 'examples', s.example + '.c'));
      Object.assign(row, { id: ref.id, example: onPage ? 'litmus/' + s.example : null,
        explorer_anchor: onPage ? explorerAnchor(build, 'litmus/' + s.example) : null, quantifier: ref.condition.quantifier,
        condition: ref.condition.herd, verdicts: {}, witnesses: [] });
      for (const model of MODELS) {
        const m = new X.Machine(mod, metaForRuntime(meta), { model });
        const ex = new X.Explorer(m, { mode: 'dpor', cap: 200000 });
        ex.run(Infinity);
        const r = ex.result();
        const line = ref.condition.line || 1;
        if (r.partial) { errors.push(`${s.file}:${line}: the exploration under ${model} stopped at its cap`); continue; }
        const v = verdict(tree, r.outcomes);
        row.verdicts[model] = v;
        if (v !== ref.models[model].verdict) {
          // The project's tests use marked accesses only, so their compiled code must be the test as
          // written; an imported test's plain accesses may be compiled otherwise, which the page says.
          const msg = `the compiled code's ${model} verdict is ${v}, the reference enumerator's (the test as written) ${ref.models[model].verdict}`;
          if (set.name === 'project') errors.push(`${s.file}:${line}: ${msg}`);
          else (row.notes = row.notes || []).push(msg);
        }
        if (ref.condition.quantifier !== 'exists') continue;
        for (const o of r.outcomes) {
          const ov = { values: o.outcome.vals, hang: o.outcome.hang, crash: o.outcome.crash, done: o.outcome.done };
          if (!o.outcome.done || !X.predicateHolds(tree, ov)) continue;
          m.replay(X.decodeSchedule(o.witness));
          row.witnesses.push({ model, key: o.key, schedule: o.witness, steps: m.trace.map((e) => m.describe(e)) });
        }
      }
      const prims = rmwPrimitives(fs.readFileSync(path.join(set.dir, 'examples', s.example + '.c'), 'utf8'));
      row.reason = reason(row.lkmm, row.verdicts, prims.length ? prims : Object.keys(mod.rmw).length > 0);
      // The native verdicts: of the course example converted from this very file (the project's
      // tests; its text may differ from the import's by a goal line), or of the example on the page.
      const nativeId = set.name === 'project' && fs.existsSync(courseFile) ? 'litmus/' + s.example : row.example;
      if (nativeId) row.native = nativeVerdicts(build, nativeId, tree, ref.models.sc.verdict);
    }
    data.sets.push({ name: set.name, dir: summary.dir, tests });
  }
  for (const e of errors) process.stderr.write(e + '\n');
  if (errors.length) return 1;
  writeFileAtomic(out, JSON.stringify(data, null, 1));
  const n = data.sets.reduce((a, s) => a + s.tests.length, 0);
  process.stdout.write(`[litmus] ${path.relative(process.cwd(), out)}: ${n} tests\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = { verdict, reason, rmwPrimitives, primitiveOrders, nativeVerdicts };
