// testmeta.js - turns the wasm part's own test programs (tools/wasm/tests/programs/*.c) into
// build/data/meta-style JSON and per-variant sources (unifdef), following the schema of
// examples/README.md. The real examples' metadata is written by tools/asm; this exists so the
// explorer's tests do not depend on it.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const SIZES = { char: 1, short: 2, int: 4, long: 4, 'long long': 8, float: 4, double: 8 };
function sizeOf(type) {
  if (/\*/.test(type)) return 4;
  const t = type.replace(/\b(unsigned|signed|const|volatile)\b/g, '').trim() || 'int';
  if (/int(8|16|32|64)_t/.test(t)) return +/(\d+)/.exec(t)[1] / 8;
  return SIZES[t] || 4;
}

function parse(file, text) {
  const lines = text.split('\n');
  const meta = { file, cflags: { all: [] }, expect: {}, quiz: {}, evidence: {} };
  if (!/^\/\*@example/.test(lines[0])) throw new Error(`${file}:1: missing /*@example block`);
  let i = 1;
  for (; i < lines.length && !/\*\//.test(lines[i]); i++) {
    const l = lines[i].replace(/^\s*\*\s?/, '');
    if (!l.trim()) continue;
    const m = /^([a-z.\-]+):\s*(.*)$/.exec(l);
    if (!m) throw new Error(`${file}:${i + 1}: expected "key: value"`);
    const [, key, val] = m;
    const [base, variant] = key.split('.');
    if (base === 'expect') {
      const e = /^(reachable|unreachable):\s*(.+)$/.exec(val);
      if (!e) throw new Error(`${file}:${i + 1}: expect needs "reachable: <predicate>" or "unreachable: <predicate>"`);
      (meta.expect[variant] = meta.expect[variant] || []).push({ line: i + 1, kind: e[1], expr: e[2] });
    } else if (base === 'quiz') {
      (meta.quiz[variant] = meta.quiz[variant] || []).push({ line: i + 1, expr: val });
    } else if (base === 'cflags') {
      meta.cflags[variant || 'all'] = val.split(/\s+/).filter(Boolean);
    } else if (base === 'threads' || base === 'variants' || base === 'outcome') {
      meta[base] = val.split(/\s+/).filter(Boolean);
    } else meta[base] = val;
  }
  meta.shared = []; meta.observed = [];
  const re = /^\s*(SHARED|SHARED_INIT|STATIC_SHARED|OBSERVED)\(([^,]+),\s*(\w+)/;
  for (const l of lines) {
    const m = re.exec(l);
    if (!m) continue;
    const v = { name: m[3], type: m[2].trim(), size: sizeOf(m[2].trim()) };
    if (m[1] === 'STATIC_SHARED') v.static = true;
    (m[1] === 'OBSERVED' ? meta.observed : meta.shared).push(v);
  }
  meta.has_init = /^\s*INIT\(\)/m.test(text);
  meta.has_check = /^\s*CHECK\(\)/m.test(text);
  for (const v of meta.variants) meta.cflags[v] = meta.cflags[v] || [];
  return meta;
}

// Writes <outDir>/meta/<id>.json and <outDir>/src/<id>.<variant>.c; returns the meta object.
function prepare(file, outDir, idPrefix) {
  const text = fs.readFileSync(file, 'utf8');
  const name = path.basename(file, '.c');
  const meta = parse(path.relative(path.resolve(__dirname, '../../..'), path.resolve(file)), text);
  meta.id = (idPrefix || 'test') + '/' + name;
  meta.sources = {};
  for (const v of meta.variants) {
    const defs = ['PLAIN', 'FIXED', 'TRANSFORMED'].map((d) => `-D${d}=${d === v.toUpperCase() ? 1 : 0}`);
    let out;
    try { out = execFileSync('unifdef', defs.concat([file]), { encoding: 'utf8' }); } catch (e) {
      if (e.status !== 1) throw e;
      out = e.stdout;
    }
    const dst = path.join(outDir, 'src', `${meta.id}.${v}.c`);
    fs.mkdirSync(path.dirname(dst), { recursive: true });
    fs.writeFileSync(dst, out);
    meta.sources[v] = dst;
  }
  const mp = path.join(outDir, 'meta', meta.id + '.json');
  fs.mkdirSync(path.dirname(mp), { recursive: true });
  fs.writeFileSync(mp, JSON.stringify(meta, null, 1));
  return meta;
}

module.exports = { parse, prepare };
