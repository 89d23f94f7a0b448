// "Spot the instruction" quizzes (issue 27 point 13): the instructions a page marks right are exactly
// the ones the example's evidence counted on the quiz's cell (each atom's "insns" in the cell's data
// script, asm-tool collect), and the listing is the whole code of the threads those atoms are in.
// The quizzes come from sitegen --page-json, the answer from the data script (run as a page runs it),
// what the page shows from build/site. Run after the site is built: `make content-test`.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const facts = require('./lib/facts.js');

const ROOT = path.resolve(__dirname, '..', '..');
const BUILD = path.resolve(ROOT, process.env.BUILD || 'build');

const pages = fs
  .readdirSync(path.join(ROOT, 'content'), { recursive: true })
  .filter((f) => f.endsWith('.md'))
  .map((f) => path.join('content', f));
const spots = pages.flatMap((rel) =>
  facts
    .page(rel)
    .quizzes.filter((q) => q.type === 'spot')
    .map((q) => ({ rel, q })),
);

// The cell's data script, evaluated as a page evaluates it: its payload.
function cellData(example, cell) {
  const ex = JSON.parse(fs.readFileSync(path.join(BUILD, 'data/examples', example + '.json'), 'utf8'));
  const slash = cell.lastIndexOf('/');
  const target = ex.targets.find((t) => t.target === cell.slice(0, slash));
  const opt = target.opts.find((o) => o.opt === cell.slice(slash + 1));
  const window = {};
  vm.runInNewContext(fs.readFileSync(path.join(BUILD, 'site', opt.script), 'utf8'), { window });
  return window.COURSE_DATA[opt.key];
}

// What the evidence counted: "addr text" of each instruction its (named) atoms matched, and the
// threads they are in.
function expected(q) {
  const d = cellData(q.example, q.cell);
  const lines = new Set(),
    threads = new Set();
  for (const p of d.evidence[q.variant].predicates) {
    for (const a of p.atoms) {
      if (q.atoms.length && !q.atoms.includes(a.atom)) continue;
      for (const [f, i] of a.insns) {
        const insn = d.variants[q.variant][a.thread][f].insns[i];
        lines.add(insn.addr + ' ' + insn.text);
        threads.add(a.thread);
      }
    }
  }
  const all = [...threads]
    .flatMap((th) => d.variants[q.variant][th].flatMap((fn) => fn.insns))
    .map((insn) => insn.addr + ' ' + insn.text);
  return { right: [...lines].sort(), all };
}

const unescape = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

// The page's listing of quiz id: [{line: "addr text", right}].
function shown(rel, id) {
  const html = fs.readFileSync(
    path.join(BUILD, 'site', rel.replace(/^content\//, '').replace(/\.md$/, '.html')),
    'utf8',
  );
  const start = html.indexOf(`id="quiz-${id}"`);
  assert.ok(start >= 0, `${rel}: no quiz-${id} in the built page`);
  const section = html.slice(start, html.indexOf('</section>', start));
  const re =
    /<li class="quiz-choice quiz-spot-line" data-choice="\d+" data-correct="(true|false)">.*?<span class="asm-addr">([^<]*)<\/span> <code class="asm-text">([^<]*)<\/code>/g;
  const out = [];
  for (let m; (m = re.exec(section));) out.push({ line: unescape(m[2] + ' ' + m[3]), right: m[1] === 'true' });
  return out;
}

test('the course has spot quizzes (at least two)', () => {
  assert.ok(spots.length >= 2, `found ${spots.length}`);
});

for (const { rel, q } of spots) {
  test(`${rel}: ${q.id}: the lines marked right are the instructions the evidence counted on ${q.cell}`, () => {
    const want = expected(q);
    const got = shown(rel, q.id);
    assert.ok(want.right.length > 0, 'the evidence matched no instruction');
    assert.deepEqual(
      got
        .filter((l) => l.right)
        .map((l) => l.line)
        .sort(),
      want.right,
    );
    assert.deepEqual(
      got.map((l) => l.line),
      want.all,
      "the listing is the whole code of the atoms' threads",
    );
  });
}
