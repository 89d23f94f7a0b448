#!/usr/bin/env node
// HTML validity of the built site: runs `tidy -q -e` on every HTML page and fails on any error and
// on any warning not listed in ALLOWED below (each entry says why it is harmless).
//
// usage: node tests/site/check-tidy.js [site-dir]      (default build/site)
// Prints `path:line: tidy: message` per problem; exits 1 if there is any, 2 if tidy cannot run.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

// Warnings of tidy 5.6 (Debian 12) that are not defects in HTML5.
const ALLOWED = [
  // tidy 5.6 predates WAI-ARIA 1.1 and does not know aria-current (the current page in the sidebar,
  // breadcrumbs); the attribute is valid HTML5.
  { re: /proprietary attribute "aria-current"/, why: 'aria-current is WAI-ARIA 1.1, unknown to tidy 5.6' },
  // The generator's quiz markup has an empty live region that quiz.js fills with the verdict; tidy
  // warns about any empty <span>. Allowed only where the source at that position is exactly it.
  {
    re: /^trimming empty <span>$/,
    at: /^<span class="quiz-result" aria-live="polite"><\/span>/,
    why: 'the quiz verdict live region is empty until the reader checks an answer',
  },
  // The disassembly view's compiler / architecture / optimization menus: inside
  // <div class="disasm-controls" hidden>, filled and shown by disasm.js.
  {
    re: /^trimming empty <select>$/,
    at: /^<select class="disasm-(compiler|arch|opt)"><\/select>/,
    why: 'disassembly menus are hidden until disasm.js fills them',
  },
  // An event of an Armv8 witness picture (inline SVG drawn by tools/native a8svg.c) is an SVG <a>
  // linking to the example (on its page; from a record's page beside it, the page's file name first); tidy 5.6 checks it as an HTML <a> inside <svg> and knows neither attribute.
  {
    re: /^<a> proprietary attribute "(href|class)"$/,
    at: /^<a class="a8-ev" href="(?:[\w-]+\.html)?#[\w-]*" data-thread="\d+"/,
    why: 'an SVG link of a witness picture (SVG 2 href), unknown to tidy 5.6',
  },
  // A blank source line in the disassembly view's source listing.
  {
    re: /^trimming empty <code>$/,
    at: /^<code><\/code><\/li>/,
    why: 'a blank line of a source listing',
  },
];

// Every .html file under dir (a path through dir), in no particular order.
function walk(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, f))
    .filter((p) => /\.html$/i.test(p) && !fs.lstatSync(p).isDirectory());
}

// The source text at line:col (1-based) of a file's lines.
function sourceAt(lines, line, col) {
  return (lines[line - 1] || '').slice(col - 1);
}

function allowed(text, lines, line, col) {
  return ALLOWED.some((a) => a.re.test(text) && (!a.at || a.at.test(sourceAt(lines, line, col))));
}

function tidyFile(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const r = spawnSync('tidy', ['-q', '-e', '--gnu-emacs', 'yes', file], { encoding: 'utf8' });
  if (r.error) throw new Error(`cannot run tidy: ${r.error.message}`);
  const problems = [];
  for (const line of r.stderr.split('\n')) {
    if (!line.trim()) continue;
    // --gnu-emacs: "file:line:col: Warning: text" / "file:line:col: Error: text"
    const m = /^(.*?):(\d+):(\d+): (Warning|Error|Access|Info): (.*)$/.exec(line);
    if (!m) {
      problems.push({ line: 1, kind: 'Error', text: line.trim() });
      continue;
    }
    const [, , ln, col, kind, text] = m;
    if (kind === 'Info') continue;
    if (kind === 'Warning' && allowed(text, lines, Number(ln), Number(col))) continue;
    problems.push({ line: Number(ln), kind, text });
  }
  // Exit 2 is "errors"; make sure it never passes silently even if the output did not parse.
  if (r.status === 2 && !problems.some((p) => p.kind === 'Error')) {
    problems.push({ line: 1, kind: 'Error', text: 'tidy reported errors (exit status 2)' });
  }
  return problems;
}

function checkSite(siteDir) {
  const files = walk(path.resolve(siteDir)).sort();
  const out = [];
  for (const f of files) {
    const rel = path.relative(process.cwd(), f) || f;
    for (const p of tidyFile(f)) out.push(`${rel}:${p.line}: tidy: ${p.kind}: ${p.text}`);
  }
  return { problems: out, count: files.length };
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args.length > 1) {
    console.error('usage: node tests/site/check-tidy.js [site-dir]');
    process.exit(2);
  }
  const dir = args[0] || 'build/site';
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`${dir}/index.html:1: no site here (run make site)`);
    process.exit(1);
  }
  let r;
  try {
    r = checkSite(dir);
  } catch (e) {
    console.error(`check-tidy: ${e.message}`);
    process.exit(2);
  }
  for (const p of r.problems) console.error(p);
  if (r.problems.length) {
    console.error(`check-tidy: ${r.problems.length} problem(s) in ${r.count} pages`);
    process.exit(1);
  }
  console.log(`check-tidy: ${r.count} pages pass tidy -q -e`);
}

module.exports = { checkSite, tidyFile, ALLOWED };
