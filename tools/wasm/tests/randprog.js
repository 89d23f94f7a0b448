// randprog.js - random small concurrent programs for the differential test (DPOR against naive
// enumeration): 2-4 threads doing loads, stores, plain read-modify-writes, atomic RMW, cmpxchg,
// acquire/release, fences, bounded loops, spin loops, branches, traps, BUG_ON, division by zero,
// deep recursion and large stack frames. Every name of program i starts with p<i>_ so that many
// programs share one source file and one compiled module (compiling is what costs; one emcc run per
// batch). Each program comes with the runtime's metadata, made from the generator's own model: the
// same facts it wrote into the C text (no C is parsed here; asm-tool meta is the parser, and
// differential.test.js checks a sample of programs against it).
'use strict';

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = [
  ['int', 4],
  ['int', 4],
  ['int', 4],
  ['int', 4],
  ['long long', 8],
  ['char', 1],
];
const MAX_INTERLEAVINGS = 4000; // naive enumeration stays cheap (estimated from the access counts)

// One program: {id, threads, shared, observed, outcome, text, helpers}. `r` is a mulberry32 stream.
function program(i, r) {
  const P = `p${i}_`;
  const pick = (a) => a[Math.floor(r() * a.length)];
  const chance = (p) => r() < p;
  const k = () => 1 + Math.floor(r() * 3);
  const nthreads = pick([2, 2, 2, 3, 3, 4]);
  const nvars = nthreads === 4 ? 2 : pick([1, 2, 2, 3]);
  const shared = [];
  for (let v = 0; v < nvars; v++) {
    const [type, size] = pick(TYPES);
    shared.push({ name: P + 'abcd'[v], type, size });
  }
  const observed = [];
  const helpers = [];
  const reg = (type) => {
    const name = `${P}r${observed.length}`;
    observed.push({ name, type: type || 'int', size: type === 'long long' ? 8 : 4 });
    return name;
  };
  const intVars = () => shared.filter((v) => v.type === 'int');
  // Each generator returns [lines, cost]: cost counts the shared accesses (an estimate for loops).
  const gens = {
    load: () => {
      const v = pick(shared);
      return [[`${reg(v.type === 'long long' ? 'long long' : 'int')} = READ_ONCE(${v.name});`], 1];
    },
    store: () => [[`WRITE_ONCE(${pick(shared).name}, ${k()});`], 1],
    plain: () => {
      const v = pick(shared),
        w = pick(shared);
      return [[`${v.name} = ${w.name} + ${k()};`], 2];
    },
    incr: () => [[`${pick(shared).name}++;`], 2],
    rmw: () => {
      const v = pick(shared);
      return [
        [
          `${reg(v.type === 'long long' ? 'long long' : 'int')} = __atomic_fetch_${pick(['add', 'sub', 'or', 'and', 'xor'])}(&${v.name}, ${k()}, __ATOMIC_SEQ_CST);`,
        ],
        1,
      ];
    },
    xchg: () => {
      const v = pick(shared);
      return [
        [
          `${reg(v.type === 'long long' ? 'long long' : 'int')} = __atomic_exchange_n(&${v.name}, ${k()}, __ATOMIC_SEQ_CST);`,
        ],
        1,
      ];
    },
    cas: () => {
      const v = pick(shared),
        t = v.type;
      return [
        [
          `{ ${t} e = ${k() - 1}; ${reg()} = __atomic_compare_exchange_n(&${v.name}, &e, ${k()}, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }`,
        ],
        1,
      ];
    },
    acqrel: () => {
      const v = pick(shared);
      if (chance(0.5)) return [[`smp_store_release(&${v.name}, ${k()});`], 1];
      return [[`${reg(v.type === 'long long' ? 'long long' : 'int')} = smp_load_acquire(&${v.name});`], 1];
    },
    fence: () => [[pick(['smp_mb();', 'smp_wmb();', 'smp_rmb();', 'barrier();'])], 0],
    branch: (depth) => {
      const [a, ca] = stmt(depth + 1),
        [b, cb] = stmt(depth + 1);
      return [
        [
          `if (READ_ONCE(${pick(shared).name}) == ${k() - 1}) {`,
          ...a.map((l) => '\t' + l),
          '} else {',
          ...b.map((l) => '\t' + l),
          '}',
        ],
        1 + Math.max(ca, cb),
      ];
    },
    loop: (depth) => {
      const [a, ca] = stmt(depth + 1);
      const n = pick([2, 3]);
      return [
        [`for (int i${depth} = 0; i${depth} < ${n}; i${depth}++) {`, ...a.map((l) => '\t' + l), '}'],
        n * Math.max(ca, 1),
      ];
    },
    spin: () => [[`while (READ_ONCE(${pick(shared).name}) == ${k() - 1})`, '\t;'], 2],
    trap: () => [[`if (READ_ONCE(${pick(shared).name}) == ${k()})`, '\t__builtin_trap();'], 1],
    bug: () => [[`BUG_ON(READ_ONCE(${pick(shared).name}) == ${k()});`], 1],
    div: () => {
      const v = pick(intVars().length ? intVars() : shared);
      return [[`${reg()} = 60 / (int)(READ_ONCE(${v.name}) - ${k()});`], 1];
    },
    deep: () => {
      const v = pick(shared),
        depth = pick([30, 30, 200, 9000]);
      if (!helpers.some((h) => h.name === 'deep')) {
        helpers.push({
          name: 'deep',
          text:
            `static volatile int ${P}level;\n` +
            `__attribute__((noinline)) static int ${P}deep(int n, ${v.type} *v)\n{\n\tint r;\n\n\tif (n == 0)\n\t\treturn READ_ONCE(*v);\n` +
            `\tr = ${P}deep(n - 1, v) + 1;\n\t${P}level = n;\n\treturn r;\n}\n`,
          type: v.type,
        });
      }
      const h = helpers.find((x) => x.name === 'deep');
      const w = shared.find((x) => x.type === h.type);
      return [[`${reg()} = ${P}deep(${depth}, &${w.name});`], 1];
    },
    frame: () => {
      const n = pick([64, 512, 17000]); // 17000 ints: 68 KB, more than a thread's stack
      const name = `${P}frame${n}`;
      const v = pick(intVars().length ? intVars() : shared);
      if (!helpers.some((h) => h.name === name)) {
        helpers.push({
          name,
          text:
            `__attribute__((noinline)) static int ${name}(${v.type} *v)\n{\n\tvolatile int buf[${n}];\n\tint s = 0;\n\n` +
            `\tfor (int i = 0; i < ${n}; i++)\n\t\tbuf[i] = i;\n\tWRITE_ONCE(*v, 1);\n` +
            `\tfor (int i = 0; i < ${n}; i++)\n\t\ts += buf[i];\n\treturn s;\n}\n`,
          ptr: v.type,
        });
      }
      const h = helpers.find((x) => x.name === name);
      return [[`${reg()} = ${name}(&${shared.find((x) => x.type === h.ptr).name});`], 1];
    },
  };
  const weights = [
    ['load', 8],
    ['store', 8],
    ['plain', 3],
    ['incr', 2],
    ['rmw', 3],
    ['xchg', 1],
    ['cas', 2],
    ['acqrel', 2],
    ['fence', 2],
    ['branch', 3],
    ['loop', 2],
    ['spin', 2],
    ['trap', 1],
    ['bug', 2],
    ['div', 1],
    ['deep', 1],
    ['frame', 1],
  ];
  const total = weights.reduce((s, w) => s + w[1], 0);
  function stmt(depth) {
    for (;;) {
      let x = r() * total,
        g = weights[0][0];
      for (const [name, w] of weights) {
        if (x < w) {
          g = name;
          break;
        }
        x -= w;
      }
      if (depth > 0 && (g === 'branch' || g === 'loop')) continue; // one level of nesting
      return gens[g](depth);
    }
  }
  const threads = [];
  const costs = [];
  for (let t = 0; t < nthreads; t++) {
    const body = [];
    let cost = 0;
    const n = 1 + Math.floor(r() * (nthreads === 2 ? 4 : nthreads === 3 ? 3 : 2));
    for (let s = 0; s < n; s++) {
      const [lines, c] = stmt(0);
      body.push(...lines);
      cost += c;
    }
    threads.push({ name: `${P}t${t}`, body });
    costs.push(cost);
  }
  const text =
    shared.map((v) => `SHARED(${v.type}, ${v.name});\n`).join('') +
    observed.map((o) => `OBSERVED(${o.type}, ${o.name});\n`).join('') +
    '\n' +
    helpers.map((h) => h.text + '\n').join('') +
    threads.map((t) => `THREAD(${t.name})\n{\n${t.body.map((l) => '\t' + l).join('\n')}\n}\n`).join('\n');
  return {
    id: `p${i}`,
    threads: threads.map((t) => t.name),
    shared,
    observed,
    outcome: observed.map((o) => o.name).concat(shared.map((v) => v.name)),
    text,
    interleavings: interleavings(costs),
  };
}

// Number of interleavings of threads with these numbers of steps (the multinomial coefficient).
function interleavings(costs) {
  let n = 0,
    r = 1;
  for (const c of costs)
    for (let j = 1; j <= c; j++) {
      n++;
      r = (r * n) / j;
    }
  return Math.round(r);
}

// `count` programs from `seed`, small enough for naive enumeration (larger draws are skipped).
function programs(seed, count) {
  const r = mulberry32(seed >>> 0);
  const out = [];
  for (let i = 0; out.length < count; i++) {
    const p = program(out.length, r);
    if (p.interleavings <= MAX_INTERLEAVINGS) out.push(p);
  }
  return out;
}

// The C text of a batch of programs (one file) and the metadata the pipeline needs to build it.
function batchSource(progs) {
  return (
    '/* generated by tools/wasm/tests/randprog.js */\n#include "course.h"\n\n' +
    progs.map((p) => `/* ---- ${p.id} ---- */\n${p.text}`).join('\n')
  );
}
function batchMeta(progs, id) {
  return {
    id,
    threads: [].concat(...progs.map((p) => p.threads)),
    shared: [].concat(...progs.map((p) => p.shared)),
    observed: [].concat(...progs.map((p) => p.observed)),
  };
}
// The metadata of one program as the runtime takes it (Machine(mod, meta)).
function runtimeMeta(p) {
  return {
    threads: p.threads,
    shared: p.shared,
    observed: p.observed,
    outcome: p.outcome,
    has_init: false,
    has_check: false,
  };
}
// One program as a standalone example file (for asm-tool meta, and to show a failing program).
function exampleText(p) {
  return (
    `/*@example\n * title: random program ${p.id}\n * page: none\n * shows: generated by randprog.js\n` +
    ` * threads: ${p.threads.join(' ')}\n * variants: plain fixed\n * outcome: ${p.outcome.join(' ')}\n` +
    ` * evidence.plain: loads(${p.threads[0]}, ${p.shared[0].name}) >= 0\n * evidence.fixed: loads(${p.threads[0]}, ${p.shared[0].name}) >= 0\n` +
    ' * evidence-on: any/any/O2\n */\n' +
    '#include "course.h"\n\n' +
    p.text
  );
}

module.exports = { programs, batchSource, batchMeta, runtimeMeta, exampleText, mulberry32 };

// Builds one batch and explores each of its programs with DPOR, with naive enumeration and with the
// memoised search ('memo').
// job: {src, id, programs: [program], batch (every program of src, default: programs), cacheDir, naiveCap,
// model ('sc' by default, or 'tso')}. Returns {results: [{id, dpor, naive,
// dporKeys, naiveKeys, naivePartial, memo, memoKeys, memoPartial, crash, limit, overflow, hang}], buildMs, exploreMs}.
function exploreBatch(job) {
  const { buildVariant } = require('../lib/pipeline');
  const X = require('../runtime.js');
  let t = Date.now();
  const mod = buildVariant({
    src: job.src,
    cflags: [],
    meta: batchMeta(job.batch || job.programs, job.id),
    variant: 'plain',
    cacheDir: job.cacheDir,
  });
  const buildMs = Date.now() - t;
  t = Date.now();
  const results = [];
  let first = null;
  const keys = (r) => r.outcomes.map((o) => o.key).sort();
  for (const p of job.programs) {
    const m = new X.Machine(mod, runtimeMeta(p), { share: first || undefined, model: job.model || 'sc' });
    first = first || m;
    const d = new X.Explorer(m, { mode: 'dpor', cap: job.naiveCap });
    d.run(Infinity);
    const n = new X.Explorer(m, { mode: 'naive', cap: job.naiveCap });
    n.run(Infinity);
    const s = new X.Explorer(m, { mode: 'memo', cap: job.naiveCap });
    s.run(Infinity);
    const sr = s.result();
    const dr = d.result(),
      nr = n.result(),
      crashes = nr.outcomes.map((o) => o.outcome.crash).filter(Boolean);
    results.push({
      id: p.id,
      dpor: dr.executions + dr.redundant,
      naive: nr.executions,
      dporKeys: keys(dr),
      naiveKeys: keys(nr),
      naivePartial: nr.partial,
      dporPartial: dr.partial,
      memoKeys: keys(sr),
      memoPartial: sr.partial,
      memo: sr.executions + sr.memo_hits,
      crash: crashes.some((c) => !c.limit),
      limit: crashes.some((c) => c.limit),
      overflow: crashes.some((c) => /^stack overflow/.test(c.message)),
      hang: nr.outcomes.some((o) => o.outcome.hang.length > 0),
    });
  }
  return { results, buildMs, exploreMs: Date.now() - t };
}

module.exports.exploreBatch = exploreBatch;

// Worker: node randprog.js <job.json> prints exploreBatch's result as JSON.
if (require.main === module) {
  const fs = require('fs');
  process.stdout.write(JSON.stringify(exploreBatch(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')))));
}
