#!/usr/bin/env node
// litmus-gen.js - writes a folder of C litmus tests of the standard shapes, in the form diy7
// gives them (tools/litmus's scale measurement, issue 31): each test is a cycle of 2 to 8 CPUs,
// each doing two accesses to two locations joined by a link (nothing, a barrier, a control
// dependency, acquire/release), and a communication edge from each CPU's second access to the
// next CPU's first: Rfe (a write read by the next CPU), Fre (a read that misses the next CPU's
// write) or Coe (a write the next CPU's write overwrites). The condition asks for the whole cycle,
// as diy7's does. Names follow the kernel's litmus-tests/README scheme (SB, MP, LB, S, R, 2+2W,
// n.SB, n.LB for the rings, "Cyc.<edges>" for the other cycles; "+" and one descriptor per CPU:
// po/fencemb/fencewmb/fencermb/ctrl, then once/release/acquire per access), after diy7's header
// (the quoted cycle, Cycle=, Relax=, Safe=, Generator=, Com=, Orig=). No Result line: diy7
// writes none. Folders: <n>-cpus/<shape>/<name>.litmus.
// Usage: node tools/dev/litmus-gen.js OUT_DIR [COUNT (default 2400)] [SEED (default 31)]
'use strict';
const fs = require('fs');
const path = require('path');

function rng(seed) {
  // mulberry32
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// An edge from CPU i's second access to CPU i+1's first: the kinds of the two accesses.
const EDGES = { Rfe: ['W', 'R'], Fre: ['R', 'W'], Coe: ['W', 'W'] };

// The links a CPU's two accesses (kinds a, b) may have, with the markings they allow.
function links(a, b) {
  const out = [
    { link: 'po', a: 'once', b: 'once' },
    { link: 'fencemb', a: 'once', b: 'once' },
  ];
  if (a === 'W' && b === 'W')
    out.push({ link: 'fencewmb', a: 'once', b: 'once' }, { link: 'po', a: 'once', b: 'release' });
  if (a === 'R' && b === 'R')
    out.push({ link: 'fencermb', a: 'once', b: 'once' }, { link: 'po', a: 'acquire', b: 'once' });
  if (a === 'R' && b === 'W')
    out.push({ link: 'ctrl', a: 'once', b: 'once' }, { link: 'po', a: 'acquire', b: 'release' });
  if (a === 'W' && b === 'R') out.push({ link: 'po', a: 'release', b: 'acquire' });
  return out;
}

// The shape's name from its edges (the CPUs' kinds follow from them).
function shapeName(edges) {
  const n = edges.length,
    all = (e) => edges.every((x) => x === e);
  const pre = n > 2 ? n + '.' : '';
  if (all('Fre')) return pre + 'SB';
  if (all('Rfe')) return pre + 'LB';
  if (all('Coe')) return n === 2 ? '2+2W' : pre + '2W';
  const key = edges.join(',');
  const named = { 'Rfe,Fre': 'MP', 'Rfe,Coe': 'S', 'Coe,Fre': 'R' };
  return named[key] || 'Cyc.' + edges.join('');
}

const ACC = {
  W: { once: 'WRITE_ONCE(*%v, %n);', release: 'smp_store_release(%v, %n);' },
  R: { once: '%r = READ_ONCE(*%v);', acquire: '%r = smp_load_acquire(%v);' },
};
const FENCE = { fencemb: 'smp_mb();', fencewmb: 'smp_wmb();', fencermb: 'smp_rmb();' };
const DIY = { po: 'Pod', fencemb: 'FenceMbd', fencewmb: 'FenceWmbd', fencermb: 'FenceRmbd', ctrl: 'Ctrld' };

// One test: edges (a cycle), choice: per CPU an entry of links(). Returns {name, shape, text}.
function makeTest(edges, choice) {
  const n = edges.length,
    loc = (i) => 'x' + i; // CPU i's second access and CPU i+1's first share x_i
  const writes = {},
    conds = [],
    threads = [];
  const value = (v) => (writes[v] = (writes[v] || 0) + 1);
  const cpu = [];
  for (let i = 0; i < n; i++) {
    const a = EDGES[edges[(i + n - 1) % n]][1],
      b = EDGES[edges[i]][0];
    cpu.push({ a, b, va: loc((i + n - 1) % n), vb: loc(i), l: choice[i] });
  }
  // values: on each location the earlier write in the edge's order gets 1, the later 2
  cpu.forEach((c, i) => {
    c.na = c.a === 'W' ? (edges[(i + n - 1) % n] === 'Coe' ? 2 : 1) : 0;
    c.nb = c.b === 'W' ? 1 : 0;
  });
  cpu.forEach((c, i) => {
    const lines = [],
      regs = [];
    const acc = (kind, mark, v, num, reg) => ACC[kind][mark].replace('%v', v).replace('%n', num).replace('%r', reg);
    if (c.a === 'R') regs.push('r0');
    if (c.b === 'R') regs.push('r1');
    regs.forEach((r) => lines.push(`\tint ${r};`));
    lines.push('\t' + acc(c.a, c.l.a, c.va, c.na, 'r0'));
    const second = acc(c.b, c.l.b, c.vb, c.nb, 'r1');
    if (c.l.link === 'ctrl') lines.push('\tif (r0)', '\t\t' + second);
    else {
      if (FENCE[c.l.link]) lines.push('\t' + FENCE[c.l.link]);
      lines.push('\t' + second);
    }
    threads.push(`P${i}(int *${c.va}, int *${c.vb})\n{\n${lines.join('\n')}\n}`);
  });
  edges.forEach((e, i) => {
    const next = (i + 1) % n;
    if (e === 'Rfe') conds.push(`${next}:r0=1`);
    if (e === 'Fre') conds.push(`${i}:r1=0`);
    if (e === 'Coe') conds.push(`${loc(i)}=2`);
  });
  void value;
  const shape = shapeName(edges);
  const desc = cpu.map((c) => c.l.link + c.l.a + c.l.b);
  const name =
    shape +
    '+' +
    (desc.every((d) => d === desc[0]) ? desc[0].replace(/(once|release|acquire)$/, '$1s') : desc.join('+'));
  const cyc = cpu
    .map(
      (c, i) =>
        `${DIY[c.l.link]}${c.a}${c.b}${cap(c.l.a)}${cap(c.l.b)} ${edges[i]}${cap(c.l.b)}${cap(cpu[(i + 1) % n].l.a)}`,
    )
    .join(' ');
  const text =
    `C ${name}\n"${cyc}"\nCycle=${cyc}\nRelax=\nSafe=${[...new Set(edges)].join(' ')}\n` +
    `Generator=tools/dev/litmus-gen.js (diy7's form)\nCom=${edges.map((e) => e.replace('e', '')).join(' ')}\nOrig=${cyc}\n\n{}\n\n` +
    threads.join('\n\n') +
    `\n\nexists (${conds.join(' /\\ ')})\n`;
  return { name, shape, n, text };
}
function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function main(argv) {
  const out = argv[0],
    count = +(argv[1] || 2400),
    rand = rng(+(argv[2] || 31));
  if (!out) {
    process.stderr.write('usage: node tools/dev/litmus-gen.js OUT_DIR [COUNT] [SEED]\n');
    return 2;
  }
  const seen = new Set(),
    tests = [];
  // every cycle length from 2 to 8 gets its share; cycles of random edges (the rings and the
  // two-CPU shapes come up often), links chosen at random per CPU
  for (let tries = 0; tests.length < count && tries < count * 50; tries++) {
    const n = 2 + (tries % 7);
    const edges = Array.from({ length: n }, () => ['Rfe', 'Fre', 'Coe'][Math.floor(rand() * 3)]);
    if (rand() < 0.3) edges.fill(edges[0]); // rings: n.SB, n.LB, n.2W
    const choice = edges.map((e, i) => {
      const ls = links(EDGES[edges[(i + n - 1) % n]][1], EDGES[e][0]);
      return ls[Math.floor(rand() * ls.length)];
    });
    const t = makeTest(edges, choice);
    if (seen.has(t.name.toLowerCase())) continue;
    seen.add(t.name.toLowerCase());
    tests.push(t);
  }
  for (const t of tests) {
    const dir = path.join(out, `${t.n}-cpus`, t.shape);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, t.name + '.litmus'), t.text);
  }
  const by = {};
  tests.forEach((t) => {
    by[t.n] = (by[t.n] || 0) + 1;
  });
  process.stdout.write(
    `${tests.length} tests in ${out} (by CPUs: ${Object.entries(by)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')})\n`,
  );
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = { makeTest, links, shapeName };
