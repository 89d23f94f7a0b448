#!/usr/bin/env node
// compare-builds.js - what changed between two builds of the site: every file of <A>/data and
// <A>/site against <B>'s, by path. Prints the files only in one build, then each differing file:
// JSON files as the list of differing key paths (values shortened), other text as the first
// differing lines. Values that differ between any two runs are ignored: explore_ms (a timing),
// the build date and commit in pages and the sitemap.
// Usage: node tools/dev/compare-builds.js BUILD_A BUILD_B [--max N]   (exit 0 even when they differ)
'use strict';
const fs = require('fs');
const path = require('path');

const VOLATILE_KEYS = new Set(['explore_ms']);
const VOLATILE_TEXT = [
  /\b20\d\d-\d\d-\d\d\b/g,
  /<code>[0-9a-f]{7,40}<\/code> by/g,
  /\b(commit|generator)[ =:"]+[0-9a-f]{7,40}\b/g,
  /<lastmod>[^<]*<\/lastmod>/g,
];

// Every file under dir, as a path relative to it, sorted ([] when dir does not exist).
function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((r) => !fs.lstatSync(path.join(dir, r)).isDirectory())
    .sort();
}

function short(v) {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 90 ? s.slice(0, 87) + '...' : s;
}

// Differing key paths of two JSON values.
function jsonDiff(a, b, at, out) {
  if (out.length > 200) return out;
  if (
    typeof a !== typeof b ||
    Array.isArray(a) !== Array.isArray(b) ||
    a === null ||
    b === null ||
    typeof a !== 'object'
  ) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${at || '.'}: ${short(a)} -> ${short(b)}`);
    return out;
  }
  const keys = Array.isArray(a)
    ? [...Array(Math.max(a.length, b.length)).keys()]
    : [...new Set(Object.keys(a).concat(Object.keys(b)))];
  for (const k of keys) {
    if (VOLATILE_KEYS.has(k)) continue;
    const p = Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`;
    if (!(k in a)) out.push(`${p}: (absent) -> ${short(b[k])}`);
    else if (!(k in b)) out.push(`${p}: ${short(a[k])} -> (absent)`);
    else jsonDiff(a[k], b[k], p, out);
  }
  return out;
}

function scriptJson(text) {
  // data scripts: a comment, then `... = <json>;` (asm) or `...[key] = <json>; })(...)` (wasm)
  const m = /=\s*(\{[\s\S]*\})\s*;\s*(\}\)\([^)]*\)\s*;\s*)?$/.exec(text);
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]);
  } catch (e) {
    return undefined;
  }
}

function textDiff(a, b, max) {
  const norm = (s) => VOLATILE_TEXT.reduce((t, re) => t.replace(re, '<volatile>'), s).split('\n');
  const x = norm(a),
    y = norm(b);
  const out = [];
  let i = 0,
    j = 0;
  while ((i < x.length || j < y.length) && out.length < max) {
    if (x[i] === y[j]) {
      i++;
      j++;
      continue;
    }
    // resynchronise on the next line of x that appears soon in y
    let k = -1;
    for (let d = 1; d < 40 && k < 0; d++) if (y.indexOf(x[i], j) === j + d) k = j + d;
    if (k > 0) {
      for (; j < k; j++) out.push(`+ ${y[j].slice(0, 160)}`);
      continue;
    }
    if (i < x.length) out.push(`- ${x[i].slice(0, 160)}`);
    if (j < y.length) out.push(`+ ${y[j].slice(0, 160)}`);
    i++;
    j++;
  }
  return out;
}

function compare(a, b, max) {
  let differ = 0;
  for (const sub of ['data', 'site']) {
    const fa = files(path.join(a, sub)),
      fb = files(path.join(b, sub));
    const sa = new Set(fa),
      sb = new Set(fb);
    const onlyA = fa.filter((f) => !sb.has(f)),
      onlyB = fb.filter((f) => !sa.has(f));
    for (const f of onlyA) console.log(`only in A: ${sub}/${f}`);
    for (const f of onlyB) console.log(`only in B: ${sub}/${f}`);
    differ += onlyA.length + onlyB.length;
    for (const f of fa.filter((x) => sb.has(x))) {
      const ta = fs.readFileSync(path.join(a, sub, f)),
        tb = fs.readFileSync(path.join(b, sub, f));
      if (ta.equals(tb)) continue;
      let lines;
      if (f.endsWith('.json')) lines = jsonDiff(JSON.parse(ta), JSON.parse(tb), '', []);
      else if (f.endsWith('.js') && scriptJson(ta.toString()) !== undefined && scriptJson(tb.toString()) !== undefined)
        lines = jsonDiff(scriptJson(ta.toString()), scriptJson(tb.toString()), '', []);
      else if (/\.(html|js|css|xml|txt|svg|md)$/.test(f)) lines = textDiff(ta.toString(), tb.toString(), max);
      else lines = [`binary files differ (${ta.length} -> ${tb.length} bytes)`];
      if (!lines.length) continue;
      differ++;
      console.log(`differs: ${sub}/${f}`);
      for (const l of lines.slice(0, max)) console.log('    ' + l);
      if (lines.length > max) console.log(`    ... ${lines.length - max} more`);
    }
  }
  console.log(`${differ} file(s) differ`);
}

function main(argv) {
  let max = 12;
  const pos = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--max') max = +argv[++i];
    else pos.push(argv[i]);
  }
  if (pos.length !== 2) {
    process.stderr.write('usage: node tools/dev/compare-builds.js BUILD_A BUILD_B [--max N]\n');
    return 2;
  }
  compare(pos[0], pos[1], max);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
