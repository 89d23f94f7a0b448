#!/usr/bin/env node
// bench.js - the outcome explorer's benchmark, in one run:
//   1. schedules/s of exhaustive DPOR exploration per example variant (node; best of three windows), and on the
//      store-buffering test program, with its floor of 100,000 schedules/s (exit 1 below it);
//   2. the cost of one scheduling step against running the same thread functions straight through
//      in the compiler's uninstrumented module (ratio);
//   3. DPOR schedules against the naive interleaving count;
//   4. bytes per page that embeds an explorer (HTML + scripts + stylesheet, raw and gzipped);
//   5. x86-TSO against SC on the same programs (store buffering, and a three-thread test): schedules/s
//      measured side by side (alternating windows), their ratio, and DPOR schedules against naive.
// Usage: node tools/wasm/bench.js [--build DIR] [--ms N] [--site DIR (default DIR/site)] [--models-only (5. alone)]
'use strict';
const fs = require('fs');
const path = require('path');
const { readMetas } = require('./lib/metafiles');
const zlib = require('zlib');
const { buildVariant, TOP } = require('./lib/pipeline');
const { metaForRuntime } = require('./lib/outcomes');
const { makeMeta } = require('./lib/metafiles');
const X = require('./runtime.js');

const FLOOR = 100000;
let BUILD = path.join(TOP, 'build');
let MS = 500;
let SITE = null;
let MODELS_ONLY = false;
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === '--build') BUILD = path.resolve(process.argv[++i]);
  else if (process.argv[i] === '--ms') MS = +process.argv[++i];
  else if (process.argv[i] === '--site') SITE = path.resolve(process.argv[++i]);
  else if (process.argv[i] === '--models-only') MODELS_ONLY = true;
}
const CACHE = path.join(BUILD, 'cache/wasm');

// Exhaustive DPOR repeated for MS ms after a warm-up; returns schedules/s and one result.
function rate(m) {
  let res;
  const once = () => {
    const ex = new X.Explorer(m, { mode: 'dpor', cap: 200000 });
    ex.run(Infinity);
    res = ex;
    return ex.executions + ex.redundant;
  };
  const warm = Date.now();
  while (Date.now() - warm < (m.warm || MS / 3)) once();
  // Best of three windows, by CPU time of this process (the machine is shared: wall time mostly
  // measures the other jobs) and by wall time.
  let best = 0,
    bestWall = 0;
  for (let w = 0; w < 3; w++) {
    let n = 0,
      el = 0;
    const t0 = process.hrtime.bigint(),
      c0 = process.cpuUsage();
    do {
      n += once();
      el = Number(process.hrtime.bigint() - t0) / 1e6;
    } while (el < MS / 3);
    const c = process.cpuUsage(c0),
      cpuMs = (c.user + c.system) / 1000;
    best = Math.max(best, n / (Math.max(cpuMs, 1e-3) / 1000));
    bestWall = Math.max(bestWall, n / (el / 1000));
  }
  return { perSec: best, wall: bestWall, res };
}

// Schedules/s under SC and under x86-TSO, measured in alternating windows so that both see the same
// machine load; returns {sc, tso} as rate() does.
function sideBySide(mod, meta) {
  const ms = {
    sc: new X.Machine(mod, metaForRuntime(meta)),
    tso: new X.Machine(mod, metaForRuntime(meta), { model: 'tso' }),
  };
  const once = (m) => {
    const ex = new X.Explorer(m, { mode: 'dpor', cap: 200000 });
    ex.run(Infinity);
    return ex;
  };
  for (const k of ['sc', 'tso']) {
    const w = Date.now();
    while (Date.now() - w < MS / 2) once(ms[k]);
  }
  const best = { sc: 0, tso: 0 },
    res = {};
  for (let w = 0; w < 6; w++) {
    const k = w % 2 ? 'tso' : 'sc';
    let n = 0,
      el = 0;
    const t0 = process.hrtime.bigint(),
      c0 = process.cpuUsage();
    do {
      const ex = once(ms[k]);
      res[k] = ex;
      n += ex.executions + ex.redundant;
      el = Number(process.hrtime.bigint() - t0) / 1e6;
    } while (el < MS / 3);
    const c = process.cpuUsage(c0);
    best[k] = Math.max(best[k], n / (Math.max((c.user + c.system) / 1000, 1e-3) / 1000));
  }
  const out = {};
  for (const k of ['sc', 'tso']) {
    const nx = new X.Explorer(ms[k], { mode: 'naive', cap: 1000000 });
    nx.run(Infinity);
    out[k] = {
      perSec: best[k],
      dpor: res[k].executions,
      naive: nx.executions,
      naivePartial: nx.partial,
      outcomes: res[k].result().outcomes.length,
    };
  }
  return out;
}

// ns per step: instrumented (scheduler, one thread after another) vs the plain module straight through.
function stepCost(mod, meta) {
  const m = new X.Machine(mod, metaForRuntime(meta));
  // One thread after the other, each to its end: the order the straight-through baseline runs them.
  let straightOk = true;
  const seq = () => {
    m.reset();
    let s = 0;
    for (let i = 0; i < m.threads.length; i++) {
      while (m.threads[i].status === 'paused' && !m.crash) {
        m.step(i);
        s++;
      }
      if (m.threads[i].status !== 'done') straightOk = false;
    }
    return s;
  };
  const steps = seq();
  if (!straightOk || m.crash) return null; // the straight-through run would spin or trap
  const plainPath = path.join(CACHE, mod.hash, 'plain.wasm');
  if (!fs.existsSync(plainPath) || steps === 0) return null;
  const imports = {
    env: new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('import');
        },
      },
    ),
  };
  const inst = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(plainPath)), imports);
  const mem = new Uint8Array(inst.exports.memory.buffer);
  const end = inst.exports.__data_end.value;
  const snap = mem.slice(0, end);
  const fns = meta.threads.map((t) => inst.exports[t]);
  const straight = () => {
    mem.set(snap);
    for (const f of fns) f();
  };
  // ns per call by this process's CPU time (see rate()).
  const time = (f, reps) => {
    for (let i = 0; i < reps / 10; i++) f();
    const c0 = process.cpuUsage();
    for (let i = 0; i < reps; i++) f();
    const c = process.cpuUsage(c0);
    return ((c.user + c.system) * 1000) / reps;
  };
  const inst_ns = time(seq, 20000) / steps;
  const plain_ns = time(straight, 200000) / steps;
  return { steps, inst_ns, plain_ns, ratio: inst_ns / plain_ns };
}

function pad(s, n) {
  s = String(s);
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

function main() {
  const scratch = fs.mkdtempSync(path.join(require('os').tmpdir(), 'wasm-bench-'));
  const sbMeta = makeMeta(path.join(__dirname, 'tests/programs/store-buffering.c'), 'test/store-buffering', scratch, [
    'none',
  ]);
  const metas = MODELS_ONLY ? [] : [sbMeta].concat(readMetas(path.join(BUILD, 'data/meta')));
  console.log('wasm-bench: exhaustive DPOR in node ' + process.version + ' (' + MS + ' ms per variant after warm-up;');
  console.log('sched/s per CPU-second of this process, (wall) per wall-clock second; ns/step by CPU time)');
  console.log(
    pad('example:variant', 44) +
      pad('sched/s', 10) +
      pad('(wall)', 10) +
      pad('DPOR', 7) +
      pad('naive', 8) +
      pad('ns/step', 9) +
      pad('plain ns', 9) +
      'ratio',
  );
  let floorOk = null;
  for (const meta of metas) {
    for (const v of meta.variants) {
      const cflags = (meta.cflags.all || []).concat(meta.cflags[v] || []);
      let mod;
      try {
        mod = buildVariant({ src: meta.sources[v], cflags, meta, variant: v, cacheDir: CACHE });
      } catch (e) {
        console.log(pad(meta.id + ':' + v, 44) + 'build failed: ' + e.message.split('\n')[0]);
        continue;
      }
      const m = new X.Machine(mod, metaForRuntime(meta));
      if (meta === sbMeta) m.warm = 1500; // the floor is measured with a warm JIT
      const r = rate(m);
      const nx = new X.Explorer(m, { mode: 'naive', cap: 200000 });
      nx.run(Infinity);
      const sc = stepCost(mod, meta);
      console.log(
        pad(meta.id + ':' + v, 44) +
          pad(Math.round(r.perSec), 10) +
          pad(Math.round(r.wall), 10) +
          pad(r.res.executions, 7) +
          pad(nx.executions + (nx.partial ? '+' : ''), 8) +
          (sc
            ? pad(sc.inst_ns.toFixed(0), 9) + pad(sc.plain_ns.toFixed(1), 9) + sc.ratio.toFixed(0) + 'x'
            : pad('-', 9) + pad('-', 9) + '- (no straight-through run)'),
      );
      if (meta === sbMeta && v === 'plain') floorOk = r.perSec >= FLOOR;
    }
  }
  // Bytes per page: every built page that embeds an explorer.
  const siteDir = SITE || path.join(BUILD, 'site');
  if (MODELS_ONLY) {
    /* section 5 only */
  } else if (fs.existsSync(siteDir)) {
    console.log(
      '\nbytes per page with an explorer (HTML + every script and stylesheet it loads; explorer = its sections,',
    );
    console.log('runtime.js, ui.js, explorer.css and the wasm data scripts):');
    const pages = fs
      .readdirSync(siteDir, { recursive: true })
      .filter((f) => f.endsWith('.html') && !/^(data|static)\//.test(f))
      .map((f) => path.join(siteDir, f));
    for (const p of pages.sort()) {
      const html = fs.readFileSync(p, 'utf8');
      if (!/class="explorer-app"/.test(html)) continue;
      const refs = new Set();
      for (const mm of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"#?]+\.(?:js|css))"/g)) refs.add(mm[1]);
      refs.add(path.relative(path.dirname(p), path.join(siteDir, 'static/explorer/explorer.css')));
      let raw = Buffer.byteLength(html),
        gz = zlib.gzipSync(html).length,
        wasmScripts = 0,
        mine = 0;
      for (const sec of html.matchAll(/<section class="explorer"[\s\S]*?<\/section>/g))
        mine += Buffer.byteLength(sec[0]);
      for (const r of refs) {
        const f = path.join(path.dirname(p), r);
        if (!fs.existsSync(f)) continue;
        const b = fs.readFileSync(f);
        raw += b.length;
        gz += zlib.gzipSync(b).length;
        if (/\/wasm\//.test(r)) wasmScripts += b.length;
        if (/\/wasm\/|explorer\//.test(r)) mine += b.length;
      }
      console.log(
        '  ' +
          pad(path.relative(siteDir, p), 36) +
          pad((raw / 1024).toFixed(1) + ' KB', 11) +
          pad('(gzip ' + (gz / 1024).toFixed(1) + ' KB)', 17) +
          'explorer ' +
          (mine / 1024).toFixed(1) +
          ' KB (wasm data scripts ' +
          (wasmScripts / 1024).toFixed(1) +
          ' KB)',
      );
    }
  } else console.log('\nbytes per page: no build/site yet (run make site)');
  // x86-TSO against SC, side by side on the same modules
  console.log(
    '\nx86-TSO against SC (the same module; schedules/s per CPU-second, alternating windows; DPOR schedules against naive):',
  );
  console.log(
    pad('program', 28) +
      pad('SC sched/s', 12) +
      pad('TSO sched/s', 13) +
      pad('TSO/SC', 8) +
      pad('SC DPOR/naive', 16) +
      pad('TSO DPOR/naive', 16) +
      'outcomes SC/TSO',
  );
  for (const [name, threads] of [
    ['store-buffering', 2],
    ['wrc', 3],
  ]) {
    const meta =
      name === 'store-buffering'
        ? sbMeta
        : makeMeta(path.join(__dirname, 'tests/programs/wrc.c'), 'test/wrc', scratch, ['none']);
    const mod = buildVariant({
      src: meta.sources.plain,
      cflags: meta.cflags.all || [],
      meta,
      variant: 'plain',
      cacheDir: CACHE,
    });
    const r = sideBySide(mod, meta);
    const dn = (x) => x.dpor + '/' + x.naive + (x.naivePartial ? '+' : '');
    console.log(
      pad(name + ' (' + threads + ' threads)', 28) +
        pad(Math.round(r.sc.perSec), 12) +
        pad(Math.round(r.tso.perSec), 13) +
        pad((r.tso.perSec / r.sc.perSec).toFixed(2), 8) +
        pad(dn(r.sc), 16) +
        pad(dn(r.tso), 16) +
        r.sc.outcomes +
        '/' +
        r.tso.outcomes,
    );
  }
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!MODELS_ONLY)
    console.log('\nfloor: store-buffering plain >= ' + FLOOR + ' schedules/s: ' + (floorOk ? 'met' : 'NOT MET'));
  return floorOk || MODELS_ONLY ? 0 : 1;
}

process.exitCode = main();
