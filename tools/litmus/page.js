#!/usr/bin/env node
// page.js - the data of the "Litmus tests" page (content/litmus.md, template litmus-tests.html):
// for every test of one or more imported folders (what `litmus-tool import` wrote: summary.json,
// examples/<name>.c, ref/<name>.json), the verdict of the file's Result comment (herd and the
// Linux-kernel memory model) beside this build's verdicts for the compiled code: the test's
// example (fixed variant) built by the explorer's pipeline and explored under SC and x86-TSO; a
// witness (schedule and steps) for each reachable outcome of an exists condition; a one-line
// reason when the verdicts differ. A verdict of the compiled code that differs from the
// reference enumerator's is an error (file:line, exit 1) for the project's tests; for an imported
// test (whose plain accesses the compiler may transform) it is a note on the page.
// Usage: node tools/litmus/page.js --build BUILD --out FILE [--course-examples DIR] SET=IMPORT_DIR...
//   SET: the name of the set on the page ("project", "imported"); course examples (examples/litmus)
//   get a link to their explorer on the page.
'use strict';
const fs = require('fs');
const path = require('path');

const TOP = path.resolve(__dirname, '../..');
const { makeMeta, predicateTrees } = require(path.join(TOP, 'tools/wasm/lib/metafiles.js'));
const { buildVariant } = require(path.join(TOP, 'tools/wasm/lib/pipeline.js'));
const { metaForRuntime } = require(path.join(TOP, 'tools/wasm/lib/outcomes.js'));
const X = require(path.join(TOP, 'tools/wasm/runtime.js'));

const MODELS = ['sc', 'tso'];

// herd's word for a condition over the finished runs: Never, Sometimes or Always.
function verdict(tree, outcomes) {
  const done = outcomes.filter((o) => o.outcome.done);
  const hits = done.filter((o) => X.predicateHolds(tree, { values: o.outcome.vals, hang: o.outcome.hang,
    crash: o.outcome.crash, done: o.outcome.done })).length;
  return hits === 0 ? 'Never' : hits === done.length ? 'Always' : 'Sometimes';
}

// Why the verdicts differ, from the verdicts and what the compiled code contains (atomic
// read-modify-writes are locked instructions on x86).
function reason(lkmm, v, hasRmw) {
  if (v.tso === 'Sometimes' && v.sc === 'Never')
    return 'x86 reaches it and sequential consistency does not: a load runs while an earlier store of the same ' +
      'thread still waits in its store buffer.';
  if (lkmm === 'Sometimes' && v.tso === 'Never') {
    return hasRmw
      ? 'The kernel\'s model allows it: this atomic operation (relaxed, or a failed cmpxchg) orders nothing, so ' +
        'Arm, POWER or RISC-V may reorder around it; on x86 it is a locked instruction, a full barrier.'
      : 'The kernel\'s model allows it for weaker processors such as Arm and POWER, which may reorder these accesses ' +
        'or show a store to some CPUs before others; x86 only lets a load pass an earlier store, and that is not enough here.';
  }
  return null;
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
      const mod = buildVariant({ src: meta.sources.fixed, cflags: (meta.cflags.all || []).concat(meta.cflags.fixed || []),
        meta, variant: 'fixed', cacheDir: path.join(build, 'cache/wasm') });
      const tree = predicateTrees([ref.condition.predicate], { threads: meta.threads, outcome: meta.outcome,
        has_init: meta.has_init, has_check: meta.has_check }, path.join(scratch, 'cond', s.example))[0];
      // A course example of the same name and text: its explorer is on the page.
      const courseFile = path.join(course, s.example + '.c');
      const onPage = fs.existsSync(courseFile) &&
        fs.readFileSync(courseFile, 'utf8') === fs.readFileSync(path.join(set.dir, 'examples', s.example + '.c'), 'utf8');
      Object.assign(row, { id: ref.id, example: onPage ? 'litmus/' + s.example : null, quantifier: ref.condition.quantifier,
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
      row.reason = reason(row.lkmm, row.verdicts, Object.keys(mod.rmw).length > 0);
    }
    data.sets.push({ name: set.name, dir: summary.dir, tests });
  }
  for (const e of errors) process.stderr.write(e + '\n');
  if (errors.length) return 1;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out + '.tmp', JSON.stringify(data, null, 1));
  fs.renameSync(out + '.tmp', out);
  const n = data.sets.reduce((a, s) => a + s.tests.length, 0);
  process.stdout.write(`[litmus] ${path.relative(process.cwd(), out)}: ${n} tests\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = { verdict, reason };
