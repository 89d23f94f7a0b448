// armv8-child.js META WORK TARGET... - the Armv8 exploration of a lab file's AArch64 cells, run by
// pipeline.js as the sandboxed step `armv8`. It is the course build's own exploration, not a copy:
// `native-tool cells` (tools/native/README.md, "Armv8": each thread alone on Unicorn, its paths
// judged by tools/model's Armv8 checker) on the objects compile.sh wrote for each TARGET, then
// tools/native/expect.js's verdict (the expect-armv8 lines by the one checker,
// tools/wasm/lib/expect.js). Prints, as JSON:
//   {cells: {"<target>/<opt>": {status: "ok" | "error" | "missing", error, partial, why, executions,
//            outcomes: [{key, executions, witness, reordered}], expect: [{line, kind, expr,
//            reachable, ok, witness}]}}}
// An outcome's reordered: the pairs of its witness execution's accesses, each [before, after] in one
// thread's program order ("t0:29 W gp"), that the execution performs the other way round and that
// nothing in the model orders (native-tool's "unordered", tools/model's mm_unordered): what the
// processor did that no interleaving does; [] when sequential consistency allows the execution too.
// A cell that is partial or not explored has no expect (the grader gives it no verdict).
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const NATIVE_TOOL = path.join(ROOT, 'build', 'native', 'native-tool');
const { verdict } = require(path.join(ROOT, 'tools', 'native', 'expect.js'));

// One target: native-tool cells into WORK/data/native/<id>/<target>.json; returns that document.
function explore(meta, metaPath, work, target) {
  const data = path.join(work, 'data');
  const objs = path.join(data, 'asm', meta.id, target + '.objs');
  const out = path.join(data, 'native', meta.id, target + '.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  execFileSync(
    NATIVE_TOOL,
    ['cells', metaPath, target, 'aarch64', objs, out, path.join(work, 'cache', 'native'), 'all', 'armv8'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return JSON.parse(fs.readFileSync(out, 'utf8'));
}

// An event of a witness execution as the execution's text names it: "t0:29 W gp", "t1:38 R.acq ready".
function eventName(thread, ev) {
  const what = ev.kind === 'F' ? `F ${ev.fence}` : `${ev.kind}${ev.ord ? '.' + ev.ord : ''} ${ev.var}`;
  return `${thread.fn}:${ev.file_line} ${what}`;
}

// The execution's missing ordering edges as [before, after] event names (see the top comment).
function reordered(x) {
  if (!x || !x.unordered) return [];
  return x.unordered.map(([t, from, to]) => {
    const th = x.threads[t];
    return [eventName(th, th.events[from]), eventName(th, th.events[to])];
  });
}

// What the grader needs of one cell's Armv8 result (cell: native-tool's cell, with its "armv8").
function summary(meta, variant, cell) {
  const a = cell.armv8;
  if (!a) return { status: 'error', error: cell.error || `not explored under Armv8 (${cell.status})` };
  if (a.status !== 'ok') return { status: a.status, error: a.error || null };
  const s = {
    status: 'ok',
    partial: !!a.partial,
    why: a.why || null,
    executions: a.executions,
    outcomes: a.outcomes.map((o) => ({
      key: o.key,
      executions: o.executions,
      witness: o.witness,
      reordered: reordered(o.execution),
    })),
  };
  if (!s.partial) s.expect = verdict(meta, variant, a, [], 'armv8').expect;
  return s;
}

function main(argv) {
  const [metaPath, work, ...targets] = argv;
  const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
  const variant = meta.variants[0];
  const cells = {};
  for (const t of targets) {
    const doc = explore(meta, metaPath, work, t);
    for (const [opt, byVariant] of Object.entries(doc.cells)) {
      const cell = byVariant[variant];
      cells[`${t}/${opt}`] = cell ? summary(meta, variant, cell) : { status: 'missing', error: 'no object' };
    }
  }
  process.stdout.write(JSON.stringify({ cells }));
}

main(process.argv.slice(2));
