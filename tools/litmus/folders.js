#!/usr/bin/env node
// folders.js - the pages of an imported folder of litmus tests (make litmus), built once per import
// from what `litmus-tool import` wrote (summary.json, ref/<example>.json) and the test files: an index
// page listing the folders (each with its count of tests and its verdicts counted per model) and one
// page per folder that holds tests, with its table (test, shape, the kernel model's verdict from the
// file, the reference enumerator's SC, x86-TSO and Armv8 verdicts, the import's status) and each test's
// details (condition, description, a witness per model, messages as file:line, the file's text). No
// explorer and no compiled code: thousands of tests are read, not built (the Litmus tests page
// compiles and explores an import only up to COMPILE_MAX tests; beyond, it links here).
// The pages are plain HTML written here (every text through escapeHtml), with relative links only,
// so they work from file:// and with JavaScript off; static/litmus-filter.js adds the search box.
// They go into build/data/site/litmus/<set>/, which the generator copies to the site's data/.
// Usage: node tools/litmus/folders.js --out DIR [--import IMPORT_DIR] [--title TEXT]
//   without --import: removes DIR (no import, no pages). Errors: path:line: message, exit 1.
'use strict';
const fs = require('fs');
const path = require('path');

const TOP = path.resolve(__dirname, '../..');
const { escapeHtml: e } = require(path.join(TOP, 'tools/jslib/html.js'));

// The Litmus tests page compiles and explores an imported set of at most this many tests (each test
// an emcc build and two explorations: a kernel tree's 34 take minutes with an empty cache).
const COMPILE_MAX = 100;
// A folder's page lists at most this many tests (about 1 MB of HTML with their files' text); a
// larger folder has a page per PAGE_MAX of its tests.
const PAGE_MAX = 250;
const MODELS = [
  ['lkmm', 'Kernel model'],
  ['sc', 'SC'],
  ['tso', 'x86-TSO'],
  ['armv8', 'Armv8'],
];
const REF_MODELS = { sc: 'SC', tso: 'x86-TSO', armv8: 'Armv8' };
// the verdicts' abbreviations in the index's counts
const ABBR = { Never: 'N', Sometimes: 'S', Always: 'A', partial: 'P', unsupported: 'U' };

// Whether JSON.parse fails on text only because it ends too soon (the error is at its end).
function failsAtEnd(text) {
  try {
    JSON.parse(text);
    return true; // (a complete value: the error is further on)
  } catch (err) {
    const pos = /position (\d+)/.exec(err.message);
    return /end of JSON input|Unterminated string/.test(err.message) || (pos && +pos[1] >= text.length);
  }
}

// The line of JSON.parse's error in text: the shortest start of the text that fails other than by
// ending too soon ends at the offending character (node 20's messages do not all give a position).
function jsonErrorLine(text) {
  let lo = 0,
    hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsAtEnd(text.slice(0, mid + 1))) lo = mid + 1;
    else hi = mid;
  }
  return text.slice(0, lo).split('\n').length;
}

// A JSON file, or an error naming its line.
function readJson(file) {
  const text = fs.readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${file}:${jsonErrorLine(text)}: ${err.message.split('\n')[0]}`);
  }
}

// herd's shape of a test: its name up to the first '+' (SB, MP, LB, 2+2W's "2", Cyc.RfeFre...).
function shapeOf(name) {
  if (/^\d\+\d/.test(name)) return name.split('+').slice(0, 2).join('+');
  return name.split('+')[0];
}

// A name made a file name or an anchor: lower case, [a-z0-9-], unique among `taken`.
function uniqueSlug(text, taken, fallback) {
  const base =
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || fallback;
  let slug = base;
  for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
  taken.add(slug);
  return slug;
}

// What the reference enumerator found under one model, for the details: {model, verdict, states,
// outcomes, witness (of an outcome the condition holds in), why (unsupported), partial}.
function modelDetails(ref, model) {
  const m = ref.models && ref.models[model];
  if (!m) return null;
  // a witness of an exists condition (for ~exists and forall an outcome where it holds proves nothing)
  const exists = ref.condition && ref.condition.quantifier === 'exists';
  const hit = exists && (m.outcomes || []).find((o) => o.satisfies);
  return {
    model,
    verdict: m.verdict,
    states: m.states,
    outcomes: (m.outcomes || []).length,
    partial: !!m.partial,
    witness: hit ? hit.witness : null,
    key: hit ? hit.key : null,
    why: m.unsupported ? `line ${m.unsupported.line}: ${m.unsupported.why}` : null,
  };
}

// One test of summary.json as the pages show it.
function testEntry(importDir, s) {
  const name = s.name || path.basename(s.file);
  const t = { name, file: s.file, shape: s.name ? shapeOf(s.name) : '', status: s.status, example: s.example || null };
  for (const [m] of MODELS) t[m] = s[m] || null;
  t.description = s.description || null;
  t.messages = [s.reason, s.armv8_unsupported && `not supported under Armv8: ${s.armv8_unsupported}`].filter(Boolean);
  const refFile = s.example && path.join(importDir, 'ref', s.example + '.json');
  if (refFile && fs.existsSync(refFile)) {
    const ref = readJson(refFile);
    t.condition = ref.condition ? `${ref.condition.quantifier} (${ref.condition.herd})` : null;
    t.threads = (ref.threads || []).length;
    t.models = Object.keys(REF_MODELS)
      .map((m) => modelDetails(ref, m))
      .filter(Boolean);
  }
  try {
    t.text = fs.readFileSync(s.file, 'utf8');
  } catch (err) {
    t.text = null;
    t.messages.push(`${s.file}: cannot read it now (${err.code || err.message})`);
  }
  return t;
}

// The import's tests grouped by the folder that holds them (relative to the imported folder; "" for
// the folder itself), in the import's order, each folder with its page's file name.
function groupFolders(importDir) {
  const summaryFile = path.join(importDir, 'summary.json');
  const summary = readJson(summaryFile);
  if (!summary || !Array.isArray(summary.tests)) throw new Error(`${summaryFile}:1: no "tests" list`);
  const folders = new Map();
  for (const s of summary.tests) {
    if (!s || typeof s.file !== 'string') throw new Error(`${summaryFile}:1: a test without its "file"`);
    const rel = path
      .relative(summary.dir || '.', path.dirname(s.file))
      .split(path.sep)
      .join('/');
    if (!folders.has(rel)) folders.set(rel, { rel, tests: [] });
    folders.get(rel).tests.push(testEntry(importDir, s));
  }
  const pages = new Set(['index']);
  const list = [...folders.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { dir: summary.dir || '', folders: list.flatMap((f) => parts(f, pages)) };
}

// A folder as its pages: one, or for more than PAGE_MAX tests one per PAGE_MAX of them in the
// import's order (a page of thousands of tests with their files' text is megabytes), each with
// its slug and its name on the pages ("auto, tests 251 to 500 of 3000"); the index lists each.
function parts(f, taken) {
  const base = f.rel || '(the folder itself)';
  if (f.tests.length <= PAGE_MAX) return [{ ...f, name: base, slug: uniqueSlug(f.rel, taken, 'top') }];
  const out = [];
  for (let i = 0; i < f.tests.length; i += PAGE_MAX) {
    const tests = f.tests.slice(i, i + PAGE_MAX);
    const name = `${base}, tests ${i + 1} to ${i + tests.length} of ${f.tests.length}`;
    out.push({ rel: f.rel, tests, name, slug: uniqueSlug(i ? `${f.rel} ${i + 1}` : f.rel, taken, 'top'), parts: null });
  }
  for (const p of out) p.parts = out;
  return out;
}

// A list's verdicts counted under one model: {Never: 3, Sometimes: 1, ...}.
function counts(tests, model) {
  const out = {};
  for (const t of tests) if (t[model]) out[t[model]] = (out[t[model]] || 0) + 1;
  return out;
}

// The counts as "N 30, S 18" (abbreviations explained on the page).
function countsText(c) {
  return Object.entries(c)
    .map(([v, n]) => `${ABBR[v] || v} ${n}`)
    .join(', ');
}

// The tests that were not run: "2 error, 1 not C" (status other than ok and no example).
function notRun(tests) {
  const c = {};
  for (const t of tests) if (t.status !== 'ok' && t.status !== 'no example') c[t.status] = (c[t.status] || 0) + 1;
  return Object.entries(c)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
}

// The page around a body: the site's stylesheet and theme, a header linking back into the course.
function layout(title, root, crumbs, body) {
  const trail = crumbs
    .map(
      ([text, href]) =>
        `<li>${href ? `<a href="${e(href)}">${e(text)}</a>` : `<a aria-current="page">${e(text)}</a>`}</li>`,
    )
    .join('');
  return `<!DOCTYPE html>
<html lang="en" data-root="${root}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${e(title)}</title>
<link rel="icon" href="${root}static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${root}static/style.css">
<link rel="stylesheet" href="${root}static/litmus-folders.css">
<script src="${root}static/theme.js"></script>
<script src="${root}static/litmus-filter.js" defer></script>
</head>
<body class="kind-page bare litmus-folders">
<header class="site-header"><a class="site-title" href="${root}index.html">Who's afraid of the optimizing compiler?</a></header>
<div class="site-body"><main id="content" class="content">
<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol>${trail}</ol></nav>
<h1>${e(title)}</h1>
${body}
</main></div>
</body>
</html>
`;
}

// The search box: hidden until litmus-filter.js shows it (without JavaScript the full table is there).
function filterBox(what, n, label) {
  return `<div class="litmus-filter" data-filter-for="${e(what)}" hidden>
<label for="litmus-filter-input">${e(label)}</label>
<input id="litmus-filter-input" type="search" autocomplete="off" spellcheck="false">
<output class="litmus-filter-count" for="litmus-filter-input" aria-live="polite">${n} ${e(what)}</output>
</div>`;
}

const LEGEND =
  '<p class="litmus-legend">N Never, S Sometimes, A Always (the condition over the finished runs), ' +
  'P partial (a search stopped at its budget: no verdict), U unsupported (the mode cannot run the test: no verdict).</p>';

const FOLDER_LEGEND =
  '<p class="litmus-legend">Each verdict is about the condition over the finished runs; partial: a search stopped at ' +
  'its budget (no verdict); unsupported: the mode cannot run the test (no verdict); –: not run.</p>';

// The index: every folder with its number of tests and its verdicts counted per model.
function indexPage(imp, title, litmusPage) {
  const all = imp.folders.flatMap((f) => f.tests);
  const row = (f) => {
    const search = [f.rel || '(top)', ...f.tests.map((t) => t.name)].join(' ');
    const cells = MODELS.map(([m]) => `<td>${e(countsText(counts(f.tests, m)))}</td>`).join('');
    return (
      `<tr data-search="${e(search)}"><th scope="row"><a href="${f.slug}.html">${e(f.name)}</a></th>` +
      `<td>${f.tests.length}</td>${cells}<td>${e(notRun(f.tests))}</td></tr>`
    );
  };
  const head = MODELS.map(([, h]) => `<th scope="col">${e(h)}</th>`).join('');
  const total = MODELS.map(([m]) => `<td>${e(countsText(counts(all, m)))}</td>`).join('');
  const body = `<p>The ${all.length} tests imported from <code>${e(imp.dir)}</code>, in ${imp.folders.length} folder${
    imp.folders.length === 1 ? '' : 's'
  }: the kernel model's verdict stated by each file (its <code>Result:</code> line or herd's <code>.expected</code> output) beside the
reference enumerator's, which runs the test as written under sequential consistency, x86-TSO and Armv8
(<a href="${e(litmusPage)}">the Litmus tests page</a> says how). Each folder's page has its tests' details.</p>
${LEGEND}
${filterBox('folders', imp.folders.length, 'Find a folder or a test by name')}
<div class="litmus-scroll"><table class="litmus-table litmus-folder-index">
<thead><tr><th scope="col">Folder</th><th scope="col">Tests</th>${head}<th scope="col">Not run</th></tr></thead>
<tbody class="litmus-total"><tr><th scope="row">All folders</th><td>${all.length}</td>${total}<td>${e(notRun(all))}</td></tr></tbody>
<tbody>
${imp.folders.map(row).join('\n')}
</tbody>
</table></div>`;
  return layout(title, '../../../', [['Course', '../../../index.html'], ['Litmus tests', litmusPage], [title]], body);
}

// One verdict cell.
function verdictCell(v) {
  return v ? `<td class="litmus-${e(v)}">${e(v)}</td>` : '<td class="litmus-none">–</td>';
}

// A test's details row: description, condition, what each model found, messages, the file's text.
function detailsRow(t, compiledHref) {
  const parts = [];
  if (t.description) parts.push(`<p class="litmus-description">${e(t.description)}</p>`);
  if (t.condition) parts.push(`<p><code class="litmus-cond">${e(t.condition)}</code> (${t.threads} threads)</p>`);
  for (const m of t.models || []) {
    const found = m.why
      ? `not run: ${m.why}`
      : m.partial
        ? `partial after ${m.states} states, no verdict`
        : `${m.verdict}, ${m.outcomes} outcome${m.outcomes === 1 ? '' : 's'} in ${m.states} states`;
    const w = m.witness ? `; reached by <code>${e(m.witness)}</code>, giving <code>${e(m.key)}</code>` : '';
    parts.push(`<p class="litmus-model">${e(REF_MODELS[m.model])}: ${e(found)}${w}</p>`);
  }
  for (const msg of t.messages) parts.push(`<p class="litmus-note">${e(msg)}</p>`);
  if (compiledHref)
    parts.push(`<p><a href="${e(compiledHref)}">Compiled and explored on the Litmus tests page</a></p>`);
  const text =
    t.text === null
      ? ''
      : `<details><summary>The file, <code>${e(t.file)}</code></summary><pre><code>${e(t.text)}</code></pre></details>`;
  return `<tr class="litmus-more"><td colspan="7">${parts.join('\n')}${text}</td></tr>`;
}

// The links to the other pages of a folder split in parts (PAGE_MAX), or nothing.
function partsNav(f) {
  if (!f.parts) return '';
  const links = f.parts.map((p, i) =>
    p === f ? `<li><a aria-current="page">${i + 1}</a></li>` : `<li><a href="${p.slug}.html">${i + 1}</a></li>`,
  );
  return `<nav class="litmus-parts" aria-label="Pages of this folder"><p>This folder's tests, ${PAGE_MAX} a page (the index's search finds a test on any of them):</p><ol>${links.join('')}</ol></nav>\n`;
}

// One folder's page: its table, each test a <tbody> (its row, then its details) with an anchor.
function folderPage(f, imp, title, litmusPage, compiled) {
  const anchors = new Set();
  const head = MODELS.map(([, h]) => `<th scope="col">${e(h)}</th>`).join('');
  const rows = f.tests.map((t) => {
    const id = 't-' + uniqueSlug(t.name, anchors, 'test');
    const search = [t.name, t.shape, t.description || '', t.status, ...MODELS.map(([m]) => `${m}:${t[m] || '-'}`)].join(
      ' ',
    );
    const compiledHref =
      compiled && t.example
        ? `${litmusPage}#litmus-imported-${t.example.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`
        : null;
    return (
      `<tbody id="${id}" data-search="${e(search)}"><tr><th scope="row"><a href="#${id}"><code>${e(t.name)}</code></a></th>` +
      `<td>${e(t.shape)}</td>${MODELS.map(([m]) => verdictCell(t[m])).join('')}<td>${e(t.status)}</td></tr>\n` +
      `${detailsRow(t, compiledHref)}</tbody>`
    );
  });
  const name = f.name;
  const body = `<p>${f.tests.length} test${f.tests.length === 1 ? '' : 's'} of <code>${e(path.posix.join(imp.dir, f.rel))}</code>.
Search by name, shape, description, status or verdict: <code>tso:sometimes</code>, <code>armv8:never</code>, <code>error</code>.</p>
${partsNav(f)}${FOLDER_LEGEND}
${filterBox('tests', f.tests.length, 'Find a test')}
<div class="litmus-scroll"><table class="litmus-table litmus-folder">
<thead><tr><th scope="col">Test</th><th scope="col">Shape</th>${head}<th scope="col">Import</th></tr></thead>
${rows.join('\n')}
</table></div>`;
  return layout(
    `${name} · ${title}`,
    '../../../',
    [['Course', '../../../index.html'], ['Litmus tests', litmusPage], [title, 'index.html'], [name]],
    body,
  );
}

// Writes the pages into a fresh directory, then puts it in place of DIR.
function writePages(out, imp, title) {
  const litmusPage = '../../../litmus.html';
  const compiled = imp.folders.reduce((n, f) => n + f.tests.length, 0) <= COMPILE_MAX;
  const tmp = `${out}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  fs.writeFileSync(path.join(tmp, 'index.html'), indexPage(imp, title, litmusPage));
  for (const f of imp.folders)
    fs.writeFileSync(path.join(tmp, f.slug + '.html'), folderPage(f, imp, title, litmusPage, compiled));
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(tmp, out);
}

function parseArgs(argv) {
  const a = { out: null, import: null, title: 'Imported litmus tests' };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i].replace(/^--/, '');
    if (!['out', 'import', 'title'].includes(k) || i + 1 >= argv.length) return null;
    a[k] = argv[++i];
  }
  return a.out ? a : null;
}

function main(argv) {
  const a = parseArgs(argv);
  if (!a) {
    process.stderr.write('usage: folders.js --out DIR [--import IMPORT_DIR] [--title TEXT]\n');
    return 2;
  }
  if (!a.import) {
    fs.rmSync(a.out, { recursive: true, force: true });
    // (and build/data/site/litmus/ when nothing else is in it)
    try {
      fs.rmdirSync(path.dirname(a.out));
    } catch {
      // not empty, or not there
    }
    return 0;
  }
  try {
    const imp = groupFolders(a.import);
    writePages(a.out, imp, a.title);
    const n = imp.folders.reduce((k, f) => k + f.tests.length, 0);
    process.stdout.write(
      `[litmus] ${path.relative(process.cwd(), a.out)}: ${n} tests in ${imp.folders.length} folder pages\n`,
    );
    return 0;
  } catch (err) {
    process.stderr.write(`${/^\S+:\d+: /.test(err.message) ? err.message : `${a.import}: ${err.message}`}\n`);
    return 1;
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = {
  COMPILE_MAX,
  PAGE_MAX,
  jsonErrorLine,
  shapeOf,
  uniqueSlug,
  groupFolders,
  indexPage,
  folderPage,
  main,
};
