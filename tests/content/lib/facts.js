// facts.js - small readers for tests/content: pull facts out of a page's text (tables, sentences, C
// sketches), an example's code (declarations, comments) and the build data. What has a format of its
// own comes from that format's one reader, never parsed here again: a page's front matter, where its
// body starts (source) and its quizzes from the generator (sitegen --page-json), an example's metadata block from build/data/meta (asm-tool
// meta), the compile matrix from asm-tool matrix --json. Each function returns plain data; none throws
// except on a missing file or tool (build the site first: make).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BUILD = path.resolve(ROOT, process.env.BUILD || 'build');
const once = (f) => {
  let v;
  return () => (v === undefined ? (v = f()) : v);
};
const run = (tool, args) =>
  execFileSync(path.join(BUILD, tool), args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });

// The fenced blocks of a page: [{lang, body}].
function fences(md) {
  const out = [];
  const re = /^```([\w-]*)[^\n]*\n([\s\S]*?)^```\s*$/gm;
  for (let m; (m = re.exec(md));) out.push({ lang: m[1], body: m[2] });
  return out;
}

// A page's body (source) without fenced blocks and table rows: the running text.
function prose(md) {
  return md
    .replace(/^```[\s\S]*?^```\s*$/gm, '\n')
    .split('\n')
    .filter((l) => !/^\s*\|/.test(l))
    .join('\n');
}

const cBlocks = (md) =>
  fences(md)
    .filter((f) => f.lang === 'c')
    .map((f) => f.body);
const stripComments = (code) => code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/.*$/gm, ' ');
const comments = (src) => (src.match(/\/\*[\s\S]*?\*\//g) || []).join('\n');

// An example's metadata as asm-tool meta wrote it (build/data/meta/<id>.json: title, shared,
// evidence_on, evidence.<variant>[{line, expr, tree}], ...; schema in examples/README.md).
function meta(id) {
  const file = path.join(BUILD, 'data/meta', id + '.json');
  if (!fs.existsSync(file)) throw new Error(`${file}: missing; build the site first (make)`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// What the generator reads from pages (paths relative to the repository), as sitegen --page-json
// prints it: [{path, title, summary, order, section, slug, template, nav, quizzes}].
const pagesJson = (rels) => JSON.parse(run('bin/sitegen', ['--page-json'].concat(rels)));
const page = (rel) => pagesJson([rel])[0];

// The text of a file of the repository (rel: a path relative to it). A page (content/**/*.md) is its
// Markdown body: from the line where the generator's reader says it starts (sitegen --page-json
// body_line), so that no test reads the front matter itself.
const bodyLine = {};
function source(rel) {
  const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
  if (!/^content\/.*\.md$/.test(rel)) return text;
  if (!(rel in bodyLine)) bodyLine[rel] = page(rel).body_line;
  return text
    .split('\n')
    .slice(bodyLine[rel] - 1)
    .join('\n');
}

// The quiz with this id on the page rel, as the generator parsed it: {id, type, question, answer,
// explanation, example, variant, choices: [{text, correct, feedback}]}; undefined when absent.
const quiz = (rel, id) => page(rel).quizzes.find((q) => q.id === id);

// Every text of a quiz (question, choices, feedback, answer, explanation), one per line.
const quizText = (q) =>
  [q.question, q.answer, q.explanation]
    .concat(q.choices.flatMap((c) => [c.text, c.feedback]))
    .filter(Boolean)
    .join('\n');

// Outcome quizzes of the page rel: [{id, example, variant}].
const outcomeQuizzes = (rel) =>
  page(rel)
    .quizzes.filter((q) => q.type === 'outcome')
    .map((q) => ({ id: q.id, example: q.example, variant: q.variant }));

// Fields declared in `struct <name>_fields { <type> <field>; /* <commit> */ ... }` blocks of an
// example: {field: {type, struct, commit}}.
function structFields(src) {
  const out = {};
  const re = /struct\s+(\w+)_fields\s*\{([\s\S]*?)\}/g;
  for (let m; (m = re.exec(src));) {
    for (const line of m[2].split('\n')) {
      const f = line.match(/^\s*([\w ]+?)\s+(\w+);\s*\/\*\s*([0-9a-f]{12})\s*\*\//);
      if (f) out[f[2]] = { type: f[1], struct: m[1], commit: f[3] };
    }
  }
  return out;
}

// Rows `| `field` | `struct` | `type` | `commit` |` of the Btrfs page: {field: {struct, type, commit}}.
function btrfsTable(md) {
  const out = {};
  const re = /^\|\s*`(\w+)`\s*\|\s*`(\w+)`\s*\|\s*`([\w ]+)`\s*\|\s*`([0-9a-f]{12})`\s*\|\s*$/gm;
  for (let m; (m = re.exec(md));) out[m[1]] = { struct: m[2], type: m[3], commit: m[4] };
  return out;
}

// Clauses of the running text (and headings) that state a type for Btrfs fields: a clause with one
// kind of type word (`u64`/64-bit, or `int`) must name only fields of that type, and a clause about
// "the fields" in general must not give them one type. Returns the offending clauses.
function typeClaims(md, declared) {
  const kinds = { u64: /`u64`|\b64-bit\b/, int: /`int`/ };
  const bad = [];
  for (const clause of prose(md)
    .replace(/^#+\s*/gm, '')
    .split(/[.;](?=\s|$)/)) {
    const c = clause.replace(/\s+/g, ' ').trim();
    const said = Object.keys(kinds).filter((k) => kinds[k].test(c));
    if (said.length !== 1) continue;
    const named = Object.keys(declared).filter((f) => new RegExp('`(?:\\w+->)?' + f + '`').test(c));
    const wrong = named.filter((f) => declared[f].type !== said[0]);
    const generic = named.length === 0 && /\b(?:the|these|all|both|four)\s+fields\b/i.test(c);
    if (wrong.length || generic) bad.push(c);
  }
  return bad;
}

// File-scope variables declared in a C sketch (`int status;` at column 0).
function globals(code) {
  const out = [];
  for (const line of stripComments(code).split('\n')) {
    const m = line.match(/^(?:[a-z_]\w*\s+)+\**\s*([a-z_]\w*)\s*(?:=[^;]*)?;\s*$/);
    if (m && !/^(return|goto)\b/.test(line)) out.push(m[1]);
  }
  return out;
}

const defines = (code) => [...code.matchAll(/^#define\s+(\w+)/gm)].map((m) => m[1]);
// The shared variables of an example (its metadata: asm-tool meta read the SHARED markers).
const sharedNames = (id) => meta(id).shared.map((v) => v.name);

const C_WORDS = new Set([
  'int',
  'void',
  'while',
  'if',
  'else',
  'for',
  'return',
  'continue',
  'break',
  'unsigned',
  'long',
  'char',
  'short',
  'const',
  'volatile',
  'static',
  'struct',
  'do',
]);

// Variables of the shutdown handshake a page uses: identifiers (not calls, not macros, not C
// words, not comments) in the page's C blocks that mention SHUTTING_DOWN.
function shutdownVariables(md) {
  const names = new Set();
  for (const block of cBlocks(md).filter((b) => /SHUTTING_DOWN/.test(b))) {
    const code = stripComments(block).replace(/^#define.*$/gm, '');
    for (const m of code.matchAll(/\b([a-z_][a-z0-9_]*)\b(?!\s*\()/g)) if (!C_WORDS.has(m[1])) names.add(m[1]);
  }
  return [...names];
}

// Bare lower-case identifiers written in inline code in the running text.
const proseIdentifiers = (md) => [...prose(md).matchAll(/`([a-z_][a-z0-9_]*)`/g)].map((m) => m[1]);

// The compile matrix as its one reader gives it (asm-tool matrix --json): the -O levels, the targets.
const matrix = once(() => JSON.parse(run('asm/asm-tool', ['matrix', 'examples/targets.conf', '--json'])));
const opts = () => matrix().opts;
const targets = () => matrix().targets.map((t) => t.target);

// build/data/asm/<id>/<compiler>/<arch>.json cells: {opt: {variant: {functions, counts}}}.
function asmCells(data, id, target) {
  const file = path.join(data, 'asm', id, `${target}.json`);
  if (!fs.existsSync(file)) throw new Error(`${file}: missing; build the site first (make)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')).cells;
}

// The order of the shared stores in a thread's listing, as "a,b".
function storeOrder(fns) {
  const seen = [];
  for (const fn of fns)
    for (const insn of fn.insns)
      for (const a of insn.acc || []) if (a.shared && a.kind === 'store' && !seen.includes(a.var)) seen.push(a.var);
  return seen.join(',');
}

// The paragraph (blank-line separated) of the running text that contains `needle` ('' if none).
const paragraphWith = (md, needle) =>
  prose(md)
    .split(/\n\s*\n/)
    .find((p) => p.includes(needle)) || '';

// The sentence of the running text that contains `needle`, lines joined ('' if none).
function sentenceWith(md, needle) {
  const text = prose(md).replace(/\s+/g, ' ');
  return text.split(/(?<=[.!?])\s+(?=[A-Z"(`[])/).find((s) => s.includes(needle)) || '';
}

// The How-real table: {slug: the article column} for rows `| [Title](slug.md) | verdict | ... |`.
function howRealColumn(md) {
  const out = {};
  for (const m of md.matchAll(/^\|\s*\[[^\]]+\]\(([\w-]+)\.md\)\s*\|\s*([^|]+?)\s*\|/gm)) out[m[1]] = m[2];
  return out;
}

// {file name without .md: title} of the top-level pages (their front matter, as the generator reads it).
function pageTitles() {
  const rels = fs
    .readdirSync(path.join(ROOT, 'content'))
    .filter((n) => n.endsWith('.md'))
    .sort()
    .map((n) => 'content/' + n);
  return Object.fromEntries(pagesJson(rels).map((p) => [path.basename(p.path, '.md'), p.title]));
}

// The paragraphs of a page's body (source: running text and table rows, without fenced blocks and
// code spans other than an -O level; a `seen: ...` directive counts as data, not text) that state a compiler fact: they name
// a compiler together with an -O level, a target or "every compiler/level/target". Such a sentence
// must come from the build data through the `seen:` directive (site/config.lua).
const COMPILER = /\b(GCC|Clang|gcc|clang|LLVM)\b/;
const WHERE =
  /(^|[^\w-])-O[0-3s]\b|\b(x86-64|x86_64|AArch64|aarch64|arm64|RISC-V|riscv64|i386|32-bit x86)\b|\bevery (compiler|level|target|architecture)s?\b|\ball (four|the) (architectures|targets|compilers)\b/;
function compilerFacts(md) {
  const text = md
    .replace(/^```[\s\S]*?^```\s*$/gm, '\n')
    .replace(/`seen: [^`]*`/g, ' DATA ')
    .replace(/`(-O[0-3s])`/g, ' $1 ')
    .replace(/`[^`]*`/g, ' ');
  return text
    .split(/\n\s*\n|\n(?=\s*\|)/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => COMPILER.test(p) && WHERE.test(p));
}

// The text of the section under the heading `## <title>` (any level), up to the next heading of
// that level or higher ('' if there is none).
function section(md, title) {
  const lines = md.split('\n');
  const at = lines.findIndex((l) => new RegExp(`^#+\\s+${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`).test(l));
  if (at < 0) return '';
  const level = lines[at].match(/^#+/)[0].length;
  let end = at + 1;
  while (end < lines.length && !new RegExp(`^#{1,${level}}\\s`).test(lines[end])) end++;
  return lines.slice(at + 1, end).join('\n');
}

// The data rows of the Markdown table that follows the line containing `after` in md:
// [[cell, ...], ...] with code spans kept as written.
function tableAfter(md, after) {
  const lines = md.split('\n');
  let i = lines.findIndex((l) => l.includes(after));
  if (i < 0) return [];
  while (i < lines.length && !/^\|/.test(lines[i])) i++;
  const rows = [];
  for (; i < lines.length && /^\|/.test(lines[i]); i++) {
    const cells = lines[i].replace(/^\|\s*|\s*\|\s*$/g, '').split(/\s*\|\s*/);
    if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
  }
  return rows.slice(1);
}

module.exports = {
  section,
  tableAfter,
  compilerFacts,
  fences,
  prose,
  cBlocks,
  comments,
  meta,
  page,
  source,
  quiz,
  quizText,
  outcomeQuizzes,
  structFields,
  btrfsTable,
  typeClaims,
  globals,
  defines,
  sharedNames,
  shutdownVariables,
  proseIdentifiers,
  opts,
  targets,
  asmCells,
  storeOrder,
  paragraphWith,
  sentenceWith,
  howRealColumn,
  pageTitles,
};
