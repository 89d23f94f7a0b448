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
// for the test as written (fixed) and its plain variant, with the reason where they differ; and
// the Armv8 verdict of the test as written on its AArch64 cells beside the reference's (armv8Verdicts).
// The project's tests that are not course examples get the same Armv8 check on the AArch64 cells
// tools/litmus/cells.sh compiled and explored for them (--aarch64-cells DIR: cellsNative).
// An imported set of more than COMPILE_MAX tests (tools/litmus/folders.js) is not compiled: the page
// links to its folder pages, which folders.js writes from the import's own verdicts.
// Usage: node tools/litmus/page.js --build BUILD --out FILE [--course-examples DIR] [--aarch64-cells DIR] SET=IMPORT_DIR...
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
const { COMPILE_MAX } = require(path.join(TOP, 'tools/litmus/folders.js'));

const MODELS = ['sc', 'tso'];
// Schedules per exploration (the explorer's cap, as tools/wasm/explore.js): beyond it, partial.
const CAP = +(process.env.LITMUS_PAGE_CAP || 200000);

// herd's word for a condition over the finished runs: Never, Sometimes or Always.
function verdict(tree, outcomes) {
  const done = outcomes.filter((o) => o.outcome.done);
  const hits = done.filter((o) =>
    X.predicateHolds(tree, {
      values: o.outcome.vals,
      hang: o.outcome.hang,
      crash: o.outcome.crash,
      done: o.outcome.done,
    }),
  ).length;
  return hits === 0 ? 'Never' : hits === done.length ? 'Always' : 'Sometimes';
}

// The kernel's atomic read-modify-write primitives a test calls (spin_lock(), xchg_relaxed(),
// cmpxchg(), atomic_*()), in order of first call, from the test's example (calls only: not the
// #define lines that implement them, nor comments).
function rmwPrimitives(src) {
  const code = src
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n');
  const names = [];
  for (const m of code.matchAll(/\b([a-z_][a-z0-9_]*)\s*\(/g)) {
    const n = m[1];
    const rmw =
      /^spin_(lock|trylock)$/.test(n) ||
      /^(atomic(64|_long)?_)?(try_)?(cmp)?xchg(_relaxed|_acquire|_release)?$/.test(n) ||
      /^atomic(64|_long)?_(add|sub|inc|dec|and|or|xor|andnot|fetch_\w+)(_return)?(_relaxed|_acquire|_release)?$/.test(
        n,
      );
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
  if (/_acquire$/.test(n))
    return `${n}() is an acquire, which orders the accesses after it but not the store before it${failed}`;
  if (/_release$/.test(n))
    return `${n}() is a release, which orders the accesses before it but not the load after it${failed}`;
  if (/cmpxchg$/.test(n)) return `${n}() orders only when it succeeds, and a failed one orders nothing`;
  return null;
}

// Why the verdicts differ, from the verdicts and what the test contains: rmw is the list of its
// read-modify-write primitives (rmwPrimitives), or true for an atomic operation in the compiled
// code whose primitive is not known by name. Each primitive gets its own reason; on x86 every one
// is a locked instruction, a full barrier.
function reason(lkmm, v, rmw) {
  if (v.tso === 'Sometimes' && v.sc === 'Never')
    return (
      'x86 reaches it and sequential consistency does not: a load runs while an earlier store of the same ' +
      'thread still waits in its store buffer.'
    );
  if (lkmm === 'Sometimes' && v.tso === 'Never') {
    const names = Array.isArray(rmw) ? rmw : [];
    const why = names.map(primitiveOrders).filter(Boolean);
    if (why.length) {
      const x86 = names.length > 1 ? 'each is a locked instruction' : 'it is a locked instruction';
      return (
        `The kernel's model allows it: ${why.join('; ')}. So Arm, POWER or RISC-V may reorder the accesses ` +
        `around ${names.length > 1 ? 'them' : 'it'}; on x86 ${x86}, a full barrier.`
      );
    }
    return rmw && (!Array.isArray(rmw) || rmw.length)
      ? "The kernel's model allows it: the atomic operation here does not order the accesses before it with those " +
          'after it on Arm, POWER or RISC-V; on x86 it is a locked instruction, a full barrier.'
      : "The kernel's model allows it for weaker processors such as Arm and POWER, which may reorder these accesses " +
          'or show a store to some CPUs before others; x86 only lets a load pass an earlier store, and that is not enough here.';
  }
  return null;
}

// The verdict of a list of outcomes as the explorers' JSON files write them ({values, hang, crash, done}).
function verdictOf(tree, list) {
  return verdict(
    tree,
    list.map((o) => ({ outcome: { vals: o.values, hang: o.hang, crash: o.crash, done: o.done } })),
  );
}

const NATIVE_VARIANTS = ['fixed', 'plain'];

// Why a cell's x86-TSO verdict differs from the WebAssembly build's, from the verdicts under SC
// (where barriers do nothing, so a different SC verdict is a compiler's reordering): this code's,
// the WebAssembly build's, and the test's as written (the reference enumerator's).
function nativeReason(scNative, scWasm, scTest) {
  if (scNative !== scWasm && scNative === scTest)
    return (
      `the WebAssembly build's compiler reordered the accesses (its verdict under interleaving, SC, is already ${scWasm}); ` +
      `this code keeps the test's order (SC: ${scNative}, as the test)`
    );
  if (scNative !== scWasm && scWasm === scTest)
    return `this compiler reordered the accesses itself: under interleaving (SC) this code's verdict is already ${scNative}, the test's ${scTest}`;
  if (scNative !== scWasm)
    return `both compilers reordered the accesses, differently: SC verdicts ${scNative} here, ${scWasm} in the WebAssembly build, ${scTest} for the test`;
  return (
    'the same verdict as the WebAssembly build under interleaving (SC): the two builds differ only in where their ' +
    'stores, loads and locked instructions stand relative to each other, which only the store buffer shows'
  );
}

// The native x86-TSO verdicts of a course example's x86 cells (null without native data):
// {wasm: {<variant>: {sc, tso}}, rows: [{target, levels: [{opt, <variant>: verdict, differs}]}],
//  opts, ncells, reasons: [{variant, verdict, why, cells: ["gcc-12/i386/O2", ...]}]}.
function nativeVerdicts(build, id, tree, scTest) {
  const npath = path.join(build, 'data/native', id + '.json'),
    wpath = path.join(build, 'data/outcomes', id + '.json');
  if (!fs.existsSync(npath) || !fs.existsSync(wpath)) return null;
  const native = JSON.parse(fs.readFileSync(npath, 'utf8')),
    wasm = JSON.parse(fs.readFileSync(wpath, 'utf8'));
  if (!wasm.tso) return null;
  const out = { wasm: {}, rows: [], opts: [], reasons: [] };
  for (const v of NATIVE_VARIANTS) {
    if (!wasm.variants[v] || !wasm.tso.variants[v]) return null;
    out.wasm[v] = {
      sc: verdictOf(tree, wasm.variants[v].outcomes),
      tso: verdictOf(tree, wasm.tso.variants[v].outcomes),
    };
  }
  const rows = new Map(),
    reasons = new Map();
  for (const [name, cell] of Object.entries(native.cells || {})) {
    const [compiler, arch, opt] = name.split('/');
    if (!NATIVE_VARIANTS.every((v) => cell[v] && cell[v].tso && cell[v].tso.status === 'ok' && !cell[v].tso.partial))
      continue;
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

// Why a cell's Armv8 verdict of the test as written differs from the reference enumerator's, when
// the cell's own data shows it is the compiler's doing (null when nothing does; the caller fails the
// build): fixed is the cell's fixed variant (its SC exploration and, in fixed.armv8, its Armv8 one),
// models the reference's {sc, armv8} results. Two checked reasons: (1) the compiler changed the
// accesses themselves, so the cell's verdict under interleaving (SC, no processor reordering) is
// already not the test's; (2) the compiler added ordering: under Armv8 the cell reaches only
// outcomes the test reaches, and every outcome the test reaches under interleaving, so it lost
// only weak outcomes (named) to an order the test does not ask for.
function armv8Why(tree, fixed, models) {
  const sc = fixed.status === 'ok' && !fixed.partial ? verdictOf(tree, fixed.outcomes) : null;
  if (sc && sc !== models.sc.verdict)
    return (
      `the compiler changed the accesses themselves: under interleaving (SC) this code's verdict is already ${sc}, ` +
      `the test's ${models.sc.verdict}`
    );
  if (!sc || models.sc.partial || models.armv8.partial) return null;
  const keys = (list) => new Set(list.map((o) => o.key));
  const cell = keys(fixed.armv8.outcomes),
    test = keys(models.armv8.outcomes);
  if (![...cell].every((k) => test.has(k)) || ![...keys(models.sc.outcomes)].every((k) => cell.has(k))) return null;
  const lost = [...test].filter((k) => !cell.has(k));
  return (
    `the compiler added ordering (a dependency or barrier the test does not ask for): under Armv8 this code ` +
    `reaches only outcomes the test reaches, every interleaving one among them, and not ${lost.join(', ')}`
  );
}

// The AArch64 cells a course example's native data should have: every aarch64 target at every
// optimization level the data has.
function aarch64Cells(native) {
  const opts = [...new Set(Object.keys(native.cells || {}).map((n) => n.split('/')[2]))];
  return (native.targets || []).filter((t) => /\/aarch64$/.test(t)).flatMap((t) => opts.map((o) => t + '/' + o));
}

// The Armv8 verdict of the test as written (the fixed variant) on a course example's AArch64 cells
// (build/data/native/<id>.json, tools/native's Armv8 exploration) beside the reference
// enumerator's (models: its results, ref/<name>.json's models), null without native data:
// {verdict: the cells' verdict when they agree, else null, counts: {<verdict>: cells}, ncells (the
//  cells with a verdict), reference (the reference's Armv8 verdict, null without one),
//  differs: [{cell, verdict, why}] (why: armv8Why's reason, null when unexplained),
//  missing: [{cell, why}] (cells partial, failed or absent: no verdict, never counted as agreement)}.
function armv8Verdicts(build, id, tree, models) {
  const npath = path.join(build, 'data/native', id + '.json');
  if (!fs.existsSync(npath)) return null;
  return armv8VerdictsOf(JSON.parse(fs.readFileSync(npath, 'utf8')), tree, models);
}

// The native data of a project test that is not a course example, from tools/litmus/cells.sh's
// exploration of its AArch64 cells (DIR/data/native/<example>/<target>.json, one file per aarch64
// target, the test as written only), in the shape armv8VerdictsOf reads ({targets, cells:
// {"<target>/<opt>": {fixed}}}); null when cells.sh explored nothing for it.
function cellsNative(dir, example) {
  const base = path.join(dir, 'data/native', example);
  if (!fs.existsSync(base)) return null;
  const targets = fs
    .readdirSync(base)
    .flatMap((c) =>
      fs
        .readdirSync(path.join(base, c))
        .filter((f) => /\.json$/.test(f))
        .map((f) => c + '/' + path.basename(f, '.json')),
    )
    .sort();
  const native = { targets, cells: {} };
  for (const t of targets) {
    const doc = JSON.parse(fs.readFileSync(path.join(base, t + '.json'), 'utf8'));
    for (const [opt, variants] of Object.entries(doc.cells || {}))
      native.cells[t + '/' + opt] = { fixed: variants.fixed };
  }
  return native;
}

// armv8Verdicts of one example's native data (the matrix's, or cellsNative's).
function armv8VerdictsOf(native, tree, models) {
  const ref = models && models.armv8 && !models.armv8.partial ? models.armv8 : null;
  const out = { verdict: null, counts: {}, ncells: 0, reference: ref ? ref.verdict : null, differs: [], missing: [] };
  for (const name of aarch64Cells(native)) {
    const fixed = (native.cells[name] || {}).fixed,
      a = fixed && fixed.armv8;
    if (!a || a.status !== 'ok' || a.partial) {
      out.missing.push({
        cell: name,
        why: !a
          ? 'not explored under Armv8'
          : a.partial
            ? `partial (${a.why || 'bound reached'})`
            : `${a.status}${a.why ? ': ' + a.why : ''}`,
      });
      continue;
    }
    const v = verdictOf(tree, a.outcomes);
    out.counts[v] = (out.counts[v] || 0) + 1;
    out.ncells++;
    if (ref && v !== ref.verdict) out.differs.push({ cell: name, verdict: v, why: armv8Why(tree, fixed, models) });
  }
  const kinds = Object.keys(out.counts);
  if (!out.ncells && !out.missing.length) return null;
  out.verdict = kinds.length === 1 && !out.missing.length ? kinds[0] : null;
  return out;
}

// What the Armv8 verdicts of a course example's cells (armv8Verdicts) break, as messages: a
// difference from the test as written that armv8Why does not explain; for a test the kernel's model
// says Never, any cell where it is reachable (explained or not) and any cell without a verdict (the
// test is not shown unreachable there); with no reference verdict, nothing to compare.
function armv8Problems(a8, lkmm) {
  const msgs = [];
  for (const d of a8.differs)
    if (!d.why)
      msgs.push(
        `on ${d.cell} the compiled code's Armv8 verdict is ${d.verdict}, the reference enumerator's (the test ` +
          `as written) ${a8.reference}, and the cell's data shows no compiler change that explains it`,
      );
  if (lkmm !== 'Never') return msgs;
  for (const [v, n] of Object.entries(a8.counts))
    if (v !== 'Never')
      msgs.push(
        `the kernel's model says Never, yet the compiled code reaches the condition under Armv8 on ${n} AArch64 cell${n === 1 ? '' : 's'}`,
      );
  for (const m of a8.missing) msgs.push(`the kernel's model says Never, and ${m.cell} has no Armv8 verdict: ${m.why}`);
  if (!a8.ncells && !a8.missing.length) msgs.push("the kernel's model says Never, and no AArch64 cell was explored");
  return msgs;
}

// The Armv8 column of one test's row (row.armv8): the AArch64 cells of its course example (nativeId:
// the matrix's native data) or, for a project test that is not one, those cells.sh compiled and
// explored for this check alone (a64cells, when page.js is given them; a8.source says which);
// else the reference's verdict of the test as written. Returns armv8Problems's messages (an error
// for the project's tests, a note for an imported one, as for SC and x86-TSO), and for a
// kernel-model Never test without any explored cell, that it is not shown unreachable.
function armv8Row(build, setName, example, nativeId, a64cells, tree, ref, row) {
  const own = !nativeId && setName === 'project' && a64cells;
  // a test tools/litmus/cells.conf lists: not explored on AArch64, with the reason, never agreement
  const ufile = own && path.join(a64cells, 'unexplored.json');
  const listed = ufile && fs.existsSync(ufile) ? readJson(ufile)[example] : null;
  if (listed) {
    row.armv8 = {
      verdict: null,
      reference: ref.models.armv8 ? ref.models.armv8.verdict : null,
      unexplored: listed.why,
    };
    return [];
  }
  const cellsOf = own ? cellsNative(a64cells, example) : null;
  const a8 = nativeId
    ? armv8Verdicts(build, nativeId, tree, ref.models)
    : cellsOf && armv8VerdictsOf(cellsOf, tree, ref.models);
  if (a8) a8.source = nativeId ? 'matrix' : 'cells';
  row.armv8 = a8 || (ref.models.armv8 ? { verdict: null, reference: ref.models.armv8.verdict } : null);
  if (a8) return armv8Problems(a8, row.lkmm);
  const unexplored = nativeId
    ? `${nativeId} has no native data`
    : a64cells && setName === 'project'
      ? `${path.join(a64cells, 'data/native', example)} holds no AArch64 cell of it (tools/litmus/cells.sh)`
      : null;
  return unexplored && row.lkmm === 'Never'
    ? [`the kernel's model says Never, and ${unexplored}, so no AArch64 cell shows it unreachable`]
    : [];
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// The anchor of a course example's explorer on its page, from its page data (build/data/examples/<id>.json,
// written by tools/asm collect, the one place that derives anchors).
function explorerAnchor(build, id) {
  const file = path.join(build, 'data/examples', id + '.json');
  const a = JSON.parse(fs.readFileSync(file, 'utf8')).explorer_anchor;
  if (!a) throw new Error(`${file}: no explorer_anchor`);
  return a;
}

// The command line: {build, out, course, a64cells, sets: [{name, dir}]}, or null (the message written).
function parseArgs(argv) {
  let build = path.join(TOP, 'build'),
    out = null,
    course = path.join(TOP, 'examples/litmus'),
    a64cells = null;
  const sets = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--build') build = path.resolve(argv[++i]);
    else if (argv[i] === '--out') out = path.resolve(argv[++i]);
    else if (argv[i] === '--course-examples') course = path.resolve(argv[++i]);
    else if (argv[i] === '--aarch64-cells') a64cells = path.resolve(argv[++i]);
    else if (/^[a-z]+=/.test(argv[i]))
      sets.push({ name: argv[i].split('=')[0], dir: path.resolve(argv[i].slice(argv[i].indexOf('=') + 1)) });
    else {
      process.stderr.write(`page.js: unknown argument ${argv[i]}\n`);
      return null;
    }
  }
  if (!out || !sets.length) {
    process.stderr.write('usage: page.js --build BUILD --out FILE SET=IMPORT_DIR...\n');
    return null;
  }
  return { build, out, course, a64cells, sets };
}

// A test the import did not convert: why, and the reference enumerator's verdicts when it ran it.
function skippedRow(row, s) {
  // (the import's reason names the file and line; the row already names the test)
  row.skipped = (s.reason || s.status).replace(/(^|: )\S+:\d+: /, '$1');
  // the reference enumerator ran it (an RCU test, a pointer test, a filter):
  // its verdicts, which are not the compiled code's (a partial search has none)
  if (s.sc && s.sc !== 'partial') {
    row.reference = { sc: s.sc, tso: s.tso };
    // Armv8's own: a verdict, or none when the mode refused the test or stopped ('unsupported', 'partial')
    if (s.armv8 && s.armv8 !== 'partial' && s.armv8 !== 'unsupported') row.reference.armv8 = s.armv8;
  }
}

// A problem with a test: an error for the project's tests (their compiled code must be the test as
// written), a note on its row for an imported one (whose plain accesses may be compiled otherwise).
function problem(t, line, msg) {
  if (t.set.name === 'project') t.errors.push(`${t.s.file}:${line}: ${msg}`);
  else (t.row.notes = t.row.notes || []).push(msg);
}

// The converted example's fixed variant compiled to WebAssembly: {meta, mod}.
function compileFixed(t, scratch) {
  const { set, s, build } = t;
  const meta = makeMeta(path.join(set.dir, 'examples', s.example + '.c'), `${set.name}/${s.example}`, scratch, [
    'none',
  ]);
  let mod = buildVariant({
    src: meta.sources.fixed,
    cflags: (meta.cflags.all || []).concat(meta.cflags.fixed || []),
    meta,
    variant: 'fixed',
    cacheDir: path.join(build, 'cache/wasm'),
  });
  // The witnesses' steps name the litmus file's lines (the import's map of the example file's
  // lines, s.lines, composed with the fixed variant's cut, meta.lines.fixed).
  if (s.lines) {
    const cut = (meta.lines || {}).fixed;
    mod = X.withFileLines(
      mod,
      Array.from({ length: cut ? cut.length : s.lines.length }, (_, i) => s.lines[(cut ? cut[i] : i + 1) - 1] || 0),
    );
  }
  return { meta, mod };
}

// The compiled code explored under one model: the row's verdict (or partial), its problems, and
// for an exists condition the witnesses of the outcomes that satisfy it.
function exploreModel(t, model) {
  const { row, ref, tree } = t;
  const m = new X.Machine(t.mod, metaForRuntime(t.meta), { model });
  const ex = new X.Explorer(m, { mode: 'auto', cap: CAP });
  ex.run(Infinity);
  const r = ex.result();
  const line = ref.condition.line || 1;
  // A capped exploration is partial on the page, never a verdict: what it found must still
  // be among the reference's outcomes (a complete reference), else the usual error or note.
  const v = r.partial ? 'partial' : verdict(tree, r.outcomes);
  row.verdicts[model] = v;
  if (r.partial) {
    const refKeys = new Set(ref.models[model].outcomes.map((o) => o.key));
    const extra = ref.models[model].partial ? [] : r.outcomes.map((o) => o.key).filter((k) => !refKeys.has(k));
    (row.partial = row.partial || []).push({ model, cap: CAP, found: r.outcomes.length, among: !extra.length });
    if (extra.length)
      problem(
        t,
        line,
        `under ${model} the compiled code reaches ${extra.join(', ')}, which the reference enumerator never does`,
      );
  } else if (v !== ref.models[model].verdict) {
    problem(
      t,
      line,
      `the compiled code's ${model} verdict is ${v}, the reference enumerator's (the test as written) ${ref.models[model].verdict}`,
    );
  }
  if (ref.condition.quantifier !== 'exists') return;
  for (const o of r.outcomes) {
    const ov = { values: o.outcome.vals, hang: o.outcome.hang, crash: o.outcome.crash, done: o.outcome.done };
    if (!o.outcome.done || !X.predicateHolds(tree, ov)) continue;
    m.replay(X.decodeSchedule(o.witness));
    row.witnesses.push({ model, key: o.key, schedule: o.witness, steps: m.trace.map((e) => m.describe(e)) });
  }
}

// The native verdicts: of the course example converted from this very file (the project's
// tests; its text may differ from the import's by a goal line), or of the example on the page.
function nativeColumns(t, courseFile) {
  const { set, s, row, ref, tree, build } = t;
  const nativeId = set.name === 'project' && fs.existsSync(courseFile) ? 'litmus/' + s.example : row.example;
  if (nativeId) row.native = nativeVerdicts(build, nativeId, tree, ref.models.sc.verdict);
  // as for SC and x86-TSO: an error for the project's tests, a note for an imported one
  for (const msg of armv8Row(build, set.name, s.example, nativeId, t.a64cells, tree, ref, row))
    problem(t, ref.condition.line || 1, msg);
}

// A converted test's row: its condition, its compiled code's verdicts under each model with the
// witnesses, the reason for them, and the native verdicts.
function testRow(t, course, scratch) {
  const { set, s, row } = t;
  t.ref = JSON.parse(fs.readFileSync(path.join(set.dir, 'ref', s.example + '.json'), 'utf8'));
  Object.assign(t, compileFixed(t, scratch));
  const { ref, meta } = t;
  t.tree = predicateTrees([ref.condition.predicate], {
    threads: meta.threads,
    outcome: meta.outcome,
    has_init: meta.has_init,
    has_check: meta.has_check,
  })[0];
  // A course example of the same name generated from the same file (make litmus-test checks it is
  // current; the examples list's words change its metadata only): its explorer is on the page.
  const courseFile = path.join(course, s.example + '.c');
  const from = (f) =>
    (/^ \* Generated by tools\/litmus from (.*) \(do not edit\)\.$/m.exec(fs.readFileSync(f, 'utf8')) || [])[1];
  const onPage =
    fs.existsSync(courseFile) &&
    from(courseFile) !== undefined &&
    from(courseFile) === from(path.join(set.dir, 'examples', s.example + '.c'));
  Object.assign(row, {
    id: ref.id,
    example: onPage ? 'litmus/' + s.example : null,
    explorer_anchor: onPage ? explorerAnchor(t.build, 'litmus/' + s.example) : null,
    quantifier: ref.condition.quantifier,
    condition: ref.condition.herd,
    verdicts: {},
    witnesses: [],
  });
  for (const model of MODELS) exploreModel(t, model);
  const prims = rmwPrimitives(fs.readFileSync(path.join(set.dir, 'examples', s.example + '.c'), 'utf8'));
  row.reason = reason(row.lkmm, row.verdicts, prims.length ? prims : Object.keys(t.mod.rmw).length > 0);
  nativeColumns(t, courseFile);
}

function main(argv) {
  const args = parseArgs(argv);
  if (!args) return 2;
  const { build, out, course, a64cells, sets } = args;
  const scratch = path.join(build, 'litmus/page-meta');
  fs.rmSync(scratch, { recursive: true, force: true });
  const errors = [];
  const data = { sets: [] };
  for (const set of sets) {
    const summary = JSON.parse(fs.readFileSync(path.join(set.dir, 'summary.json'), 'utf8'));
    const tests = [];
    // an import has its folder pages (tools/litmus/folders.js, data/litmus/<set>/); one of more than
    // COMPILE_MAX tests is listed there only, not compiled and explored test by test here
    const pages = set.name === 'project' ? null : `data/litmus/${set.name}/index.html`;
    if (pages && summary.tests.length > COMPILE_MAX) {
      data.sets.push({ name: set.name, dir: summary.dir, tests, total: summary.tests.length, compiled: false, pages });
      continue;
    }
    for (const s of summary.tests) {
      // (a test skipped before its name was read is named by its file)
      const row = {
        name: s.name || path.basename(s.file, '.litmus'),
        file: s.file,
        lkmm: s.lkmm || null,
        status: s.status,
        reason: null,
        description: s.description || null,
      };
      tests.push(row);
      if (s.status !== 'ok' || !s.example) skippedRow(row, s);
      else testRow({ set, s, row, build, errors, a64cells }, course, scratch);
    }
    data.sets.push({ name: set.name, dir: summary.dir, tests, total: tests.length, compiled: true, pages });
  }
  for (const e of errors) process.stderr.write(e + '\n');
  if (errors.length) return 1;
  writeFileAtomic(out, JSON.stringify(data, null, 1));
  const n = data.sets.reduce((a, s) => a + s.tests.length, 0);
  process.stdout.write(`[litmus] ${path.relative(process.cwd(), out)}: ${n} tests\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = {
  verdict,
  reason,
  rmwPrimitives,
  primitiveOrders,
  nativeVerdicts,
  armv8Verdicts,
  armv8VerdictsOf,
  cellsNative,
  armv8Why,
  armv8Problems,
  armv8Row,
};
