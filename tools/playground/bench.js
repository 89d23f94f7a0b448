#!/usr/bin/env node
// bench.js - `make playground-bench` (part of `make bench`): the playground's latency as a reader sees
// it, medians of ten edits of one course example (load-fusing/need-to-stop: the plain loop's body gets
// one more compiler barrier each time, so each edit is a new source whose plain variant compiles anew
// and whose other variants the compile cache already has). For each edit, from the POST:
//   code      the first cell's disassembly and evidence rendered (goal: under 1 s)
//   explorer  its explorer playable: every outcome explored, the page rendered with it (goal: under 5 s)
//   matrix    every cell of the matrix compiled, explored natively and rendered (goal: under 60 s)
// Then the same source once more (answered from its result). A server of its own with a fresh state
// directory; one warm-up run first (the first run on a machine fills the compile, wasm and emcc caches).
//   node tools/playground/bench.js [--edits N]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { start, post, request } = require('./tests/helpers.js');

const ID = 'load-fusing/need-to-stop';
const GOALS = { code: 1000, explorer: 5000, matrix: 60000 };

function median(xs) {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

// One run from its POST: the wall times until the first rendering, the explorer's rendering, the end.
async function timed(port, source, cell) {
  const t0 = Date.now();
  const r = await post(port, '/playground/api/run', { kind: 'example', id: ID, source, cells: [cell] });
  if (![200, 202].includes(r.status)) throw new Error(`${r.status} ${r.text}`);
  const t = {};
  let s = r.json;
  for (;;) {
    if (s.renders >= 1 && t.code === undefined) t.code = Date.now() - t0;
    if (s.renders >= 2 && t.explorer === undefined) t.explorer = Date.now() - t0;
    if (['done', 'failed', 'refused', 'stopped', 'cancelled'].includes(s.state)) break;
    await new Promise((x) => setTimeout(x, 20));
    s = (await request(port, { path: `/playground/api/run/${s.h}` })).json;
  }
  if (s.state !== 'done') throw new Error(`run ${s.state}: ${JSON.stringify(s.errors)}`);
  t.matrix = Date.now() - t0;
  t.server = s.times;
  return t;
}

async function main() {
  const n = +(process.argv[process.argv.indexOf('--edits') + 1] || 10) || 10;
  const s = await start({});
  const base = fs.readFileSync(path.join(__dirname, '..', '..', 'examples', ID + '.c'), 'utf8');
  const edit = (i) => base.replace('\t\tcontinue;\n#elif FIXED', '\t{\t' + 'barrier(); '.repeat(i) + '}\n#elif FIXED');
  const cell = 'gcc-12/x86_64/O2';
  try {
    console.log(
      `playground-bench: ${n} edits of ${ID}, first cell ${cell}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    const warm = await timed(s.port, edit(100), cell);
    console.log(
      `  warm-up run (empty caches): code ${warm.code} ms, explorer ${warm.explorer} ms, matrix ${warm.matrix} ms`,
    );
    const rows = [];
    for (let i = 1; i <= n; i++) {
      const t = await timed(s.port, edit(i), cell);
      rows.push(t);
      console.log(
        `  edit ${String(i).padStart(2)}: code ${String(t.code).padStart(5)} ms   explorer ${String(t.explorer).padStart(5)} ms   matrix ${String(t.matrix).padStart(6)} ms`,
      );
    }
    const again = Date.now();
    const r = await post(s.port, '/playground/api/run', { kind: 'example', id: ID, source: edit(n), cells: [cell] });
    const cachedMs = Date.now() - again;
    console.log(
      `  the last source again: answered from its result in ${cachedMs} ms (status ${r.status}, state ${r.json.state})`,
    );
    let ok = true;
    for (const k of ['code', 'explorer', 'matrix']) {
      const m = median(rows.map((x) => x[k]));
      const met = m < GOALS[k];
      ok = ok && met;
      console.log(
        `  median ${k.padEnd(8)} ${String(m).padStart(6)} ms   goal < ${GOALS[k]} ms: ${met ? 'met' : 'NOT met'}`,
      );
    }
    console.log(
      `  load average at the end ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    return ok;
  } finally {
    await s.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`playground-bench: ${e.stack || e.message}`);
    process.exit(1);
  },
);
