// helpers.js - shared setup for the wasm part's node tests: turns the test programs (and generated
// random programs) into metadata + variant sources in a scratch directory, builds and explores them.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { readMetas } = require('../lib/metafiles');
const testmeta = require('./testmeta');
const { buildVariant, TOP } = require('../lib/pipeline');
const { processExample, exploreVariant, metaForRuntime } = require('../lib/outcomes');
const X = require('../runtime.js');

const PROGRAMS = path.join(__dirname, 'programs');
const CACHE = path.join(TOP, 'build/cache/wasm');
const SCRATCH = fs.mkdtempSync(path.join(os.tmpdir(), 'wasm-test-'));

function program(name) {
  return testmeta.prepare(path.join(PROGRAMS, name + '.c'), path.join(SCRATCH, 'data'), 'test');
}
function programNames() {
  return fs.readdirSync(PROGRAMS).filter((f) => f.endsWith('.c')).map((f) => f.slice(0, -2)).sort();
}
function build(meta, variant, extraFlags) {
  const cflags = (meta.cflags.all || []).concat(meta.cflags[variant] || [], extraFlags || []);
  return buildVariant({ src: meta.sources[variant], cflags, meta, variant, cacheDir: CACHE });
}
function machine(meta, variant, extraFlags) {
  return new X.Machine(build(meta, variant, extraFlags), metaForRuntime(meta));
}
function explore(m, mode, cap) {
  const ex = new X.Explorer(m, { mode, cap: cap || 500000 });
  ex.run(Infinity);
  return ex.result();
}
function keys(res) { return res.outcomes.map((o) => o.key).sort(); }

// Real examples' metadata, when tools/asm has written it.
function realMetas() {
  return readMetas(path.join(TOP, 'build/data/meta'));
}

function mulberry(a) {
  return () => { a = (a + 0x6D2B79F5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

// A random small program: 2-3 threads, a few shared accesses each, as an example file.
function randomProgram(seed) {
  const r = mulberry(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const nt = r() < 0.5 ? 2 : 3;
  const vars = nt === 2 ? ['a', 'b', 'c'] : ['a', 'b'];
  const obs = [];
  const threads = [];
  for (let t = 0; t < nt; t++) {
    const body = [];
    const nops = 1 + Math.floor(r() * (nt === 2 ? 4 : 3));
    for (let i = 0; i < nops; i++) {
      const v = pick(vars), w = pick(vars), k = 1 + Math.floor(r() * 3);
      const o = `r${t}${i}`;
      switch (pick(['write', 'read', 'read', 'rmw', 'plain', 'cond', 'xchg'])) {
        case 'write': body.push(`\tWRITE_ONCE(${v}, ${k});`); break;
        case 'read': obs.push(o); body.push(`\t${o} = READ_ONCE(${v});`); break;
        case 'rmw': obs.push(o); body.push(`\t${o} = __atomic_fetch_add(&${v}, ${k}, __ATOMIC_SEQ_CST);`); break;
        case 'xchg': body.push(`\t__atomic_exchange_n(&${v}, ${k}, __ATOMIC_SEQ_CST);`); break;
        case 'plain': body.push(`\t${v} = ${w} + ${k};`); break;
        default: body.push(`\tif (READ_ONCE(${v}) == ${k})\n\t\tWRITE_ONCE(${w}, ${k + 1});`);
      }
    }
    threads.push(`THREAD(t${t})\n{\n${body.join('\n')}\n}\n`);
  }
  const outcome = obs.concat(vars);
  const text = `/*@example\n * title: random program ${seed}\n * page: none\n * shows: generated\n` +
    ` * threads: ${threads.map((_, i) => 't' + i).join(' ')}\n * variants: plain\n * outcome: ${outcome.join(' ')}\n */\n` +
    '#include "course.h"\n\n' + vars.map((v) => `SHARED(int, ${v});\n`).join('') +
    obs.map((o) => `OBSERVED(int, ${o});\n`).join('') + '\n' + threads.join('\n');
  const file = path.join(SCRATCH, 'random', `random-${seed}.c`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return testmeta.prepare(file, path.join(SCRATCH, 'data'), 'random');
}

module.exports = { program, programNames, build, machine, explore, keys, realMetas, randomProgram,
  processExample, exploreVariant, X, TOP, SCRATCH, CACHE };
