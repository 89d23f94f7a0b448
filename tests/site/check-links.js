#!/usr/bin/env node
// Link checker for the built site: every href/src in every HTML page of the site directory must
// be relative (no leading "/", no "file:"), point at a file that exists inside the site, and, when
// it has a #fragment, at an element with that id (or <a name>) in the target page. The paths in
// search-index.js must exist too. No dependencies: a tolerant regex scan of the tags is enough for
// HTML the generator wrote.
//
// usage: node tests/site/check-links.js [site-dir]     (default build/site)
// Prints `path:line: message` for each broken link and exits 1 if there is any, 2 on bad usage.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const ENGINE = require('../../tools/wasm/runtime.js'); // the schedule alphabet's one JavaScript parser

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };
function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e) => {
    const k = e.toLowerCase();
    if (k in ENTITIES) return ENTITIES[k];
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(parseInt(k.slice(1), 10));
    return m;
  });
}

// Every file under dir (a path through dir), in no particular order.
function walk(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, f))
    .filter((p) => !fs.lstatSync(p).isDirectory());
}

function lineAt(text, index) {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

const TAG_RE = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>\/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g;
const ATTR_RE = /([^\s=>\/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const LINK_ATTRS = new Set(['href', 'src', 'action', 'poster', 'data']);

// Returns {ids: Set, links: [{value, line, tag, attr}]} of one HTML text. Comments, <script> and
// <style> bodies are blanked first (same length, so line numbers stay right).
function scan(html) {
  const blank = (m) => m.replace(/[^\n]/g, ' ');
  const text = html
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(<script\b[^>]*>)([\s\S]*?)(<\/script>)/gi, (m, a, b, c) => a + blank(b) + c)
    .replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (m, a, b, c) => a + blank(b) + c);
  const ids = new Set();
  const examples = new Set();
  const links = [];
  let m;
  TAG_RE.lastIndex = 0;
  while ((m = TAG_RE.exec(text))) {
    const tag = m[1].toLowerCase();
    const attrs = m[2] || '';
    let a;
    ATTR_RE.lastIndex = 0;
    while ((a = ATTR_RE.exec(attrs))) {
      const name = a[1].toLowerCase();
      const raw = a[2] !== undefined ? a[2] : a[3] !== undefined ? a[3] : a[4];
      if (raw === undefined) continue;
      const value = decodeEntities(raw);
      if (name === 'id' || (name === 'name' && tag === 'a')) ids.add(value);
      else if (name === 'data-example') examples.add(value);
      // a witness link's schedule (site/static/explorer/ui.js turns a click into #explore=<value>)
      else if (name === 'data-explore')
        links.push({ value: '#explore=' + value, line: lineAt(text, m.index), tag, attr: name });
      else if (
        LINK_ATTRS.has(name) &&
        !(tag === 'object' && name !== 'data') &&
        !(name === 'data' && tag !== 'object')
      ) {
        links.push({ value, line: lineAt(text, m.index), tag, attr: name });
      }
    }
  }
  return { ids, examples, links };
}

// Fragments that are not element ids but state the page's script reads (each must name something
// on the target page, so a stale one is still caught):
//   #explore=<example-id>:<variant>:<schedule>  the outcome explorer (site/static/explorer/ui.js)
//   replays a schedule (#explore=<example-id>:<variant>@tso:<schedule> under x86-TSO, whose letters
//   are drains), a schedule of the alphabet as the engine reads it (runtime.js parseSchedule, with
//   its limit on threads: the page's example may have fewer); the page must hold that example (an
//   element with data-example="<id>").
//   The outcome tables' witness links carry it as data-explore="<id>:<variant>:<schedule>" (their
//   href is the explorer section, for readers without JavaScript); it is checked the same way.
function stateFragmentOk(fragment, target, scanOf) {
  const m = /^explore=([a-z0-9][a-z0-9/_-]*):[a-z]+(@tso)?:([0-9a-z]*)$/.exec(fragment);
  return (
    m !== null &&
    ENGINE.parseSchedule(m[3], ENGINE.limits.MAX_THREADS, m[2] ? 'tso' : 'sc') !== null &&
    scanOf(target).examples.has(m[1])
  );
}

// Checks one link; returns an error message or null.
function checkLink(siteDir, fromFile, link, scanOf) {
  const idsOf = (f) => scanOf(f).ids;
  const v = link.value.trim();
  if (v === '') return `empty ${link.attr} on <${link.tag}>`;
  if (/^(https?:|mailto:|data:|blob:|tel:)/i.test(v)) return null; // not ours to check
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return `link with scheme is not allowed: ${v}`;
  if (v.startsWith('//')) return `protocol-relative link: ${v}`;
  if (v.startsWith('/')) return `absolute link (every link must be relative): ${v}`;
  const hashAt = v.indexOf('#');
  const beforeHash = hashAt >= 0 ? v.slice(0, hashAt) : v;
  const fragment = hashAt >= 0 ? v.slice(hashAt + 1) : null;
  const filePart = beforeHash.split('?')[0];
  let target = fromFile;
  if (filePart !== '') {
    let decoded;
    try {
      decoded = decodeURIComponent(filePart);
    } catch {
      return `badly escaped link: ${v}`;
    }
    target = path.resolve(path.dirname(fromFile), decoded);
    if (target !== siteDir && !target.startsWith(siteDir + path.sep)) return `link leaves the site: ${v}`;
    if (fs.existsSync(target) && fs.statSync(target).isDirectory()) target = path.join(target, 'index.html');
    if (!fs.existsSync(target)) return `broken link: ${v} (no ${path.relative(siteDir, target)})`;
  }
  if (fragment !== null) {
    if (fragment === '') return `empty fragment: ${v}`;
    if (!/\.html?$/i.test(target)) return null;
    let id;
    try {
      id = decodeURIComponent(fragment);
    } catch {
      return `badly escaped fragment: ${v}`;
    }
    if (!idsOf(target).has(id) && !stateFragmentOk(id, target, scanOf))
      return `broken anchor: ${v} (no id "${id}" in ${path.relative(siteDir, target)})`;
  }
  return null;
}

function checkSite(siteDir) {
  siteDir = path.resolve(siteDir);
  const errors = [];
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) {
    errors.push(`${siteDir}/index.html:1: no site here (run make site)`);
    return errors;
  }
  const scans = new Map();
  const scanOf = (file) => {
    if (!scans.has(file)) scans.set(file, scan(fs.readFileSync(file, 'utf8')));
    return scans.get(file);
  };
  const rel = (f) => path.relative(process.cwd(), f) || f;
  const files = walk(siteDir).sort();
  let htmlCount = 0,
    linkCount = 0;
  for (const file of files) {
    if (!/\.html?$/i.test(file)) continue;
    htmlCount++;
    for (const link of scanOf(file).links) {
      linkCount++;
      const err = checkLink(siteDir, file, link, scanOf);
      if (err) errors.push(`${rel(file)}:${link.line}: ${err}`);
    }
  }
  // The search index names pages by path relative to the site root.
  const indexFile = path.join(siteDir, 'search-index.js');
  if (fs.existsSync(indexFile)) {
    const text = fs.readFileSync(indexFile, 'utf8');
    const re = /"path"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
    let m;
    while ((m = re.exec(text))) {
      const p = JSON.parse(`"${m[1]}"`);
      const err = checkLink(
        siteDir,
        path.join(siteDir, 'index.html'),
        { value: p, tag: 'search-index', attr: 'path' },
        scanOf,
      );
      if (err) errors.push(`${rel(indexFile)}:${lineAt(text, m.index)}: ${err}`);
    }
  }
  return { errors, htmlCount, linkCount };
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args.length > 1) {
    console.error('usage: node tests/site/check-links.js [site-dir]');
    process.exit(2);
  }
  const r = checkSite(args[0] || 'build/site');
  const errors = Array.isArray(r) ? r : r.errors;
  for (const e of errors) console.error(e);
  if (errors.length) {
    console.error(`check-links: ${errors.length} broken link(s)`);
    process.exit(1);
  }
  console.log(`check-links: ${r.linkCount} links in ${r.htmlCount} pages resolve`);
}

module.exports = { checkSite, scan };
