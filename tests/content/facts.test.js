// Corrected statements stay corrected (issue 11, section 4): each test ties a sentence of a page to
// the example file that models the fact (field types, variable names, labels) or to the build data
// (build/data/asm, build/data/outcomes), so reverting the page, the example or the compiler facts
// makes it fail. It reads content/, examples/ and $BUILD/data only (nothing outside the repository). Run after the
// site is built: `make content-test`.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const facts = require('./lib/facts.js');

const ROOT = path.resolve(__dirname, '..', '..');
const DATA = path.resolve(ROOT, process.env.BUILD || 'build', 'data');
const read = facts.source; // a page: its body, after the front matter the generator reads

// ---- Btrfs: the four fields and their types (seed diffs 004-007, modelled in the example) -------

test('btrfs: the page table gives each field the type the example declares', () => {
  const declared = facts.structFields(read('examples/case-studies/btrfs.c'));
  const table = facts.btrfsTable(read('content/case-studies/btrfs.md'));
  assert.deepEqual(
    Object.keys(table).sort(),
    Object.keys(declared).sort(),
    'the page table and the example must list the same fields',
  );
  for (const [field, row] of Object.entries(table)) {
    assert.equal(row.type, declared[field].type, `content/case-studies/btrfs.md: ${field} is ${declared[field].type}`);
    assert.equal(
      row.struct,
      declared[field].struct,
      `content/case-studies/btrfs.md: ${field} is in ${declared[field].struct}`,
    );
    assert.equal(
      row.commit,
      declared[field].commit,
      `content/case-studies/btrfs.md: ${field} comes from ${declared[field].commit}`,
    );
  }
  // The facts themselves (seed diffs): two int fields of btrfs_root, two u64 fields of btrfs_fs_info.
  assert.deepEqual(
    Object.values(declared)
      .map((d) => d.type)
      .sort(),
    ['int', 'int', 'u64', 'u64'],
  );
});

test('btrfs: no sentence of the page gives a field another type', () => {
  const declared = facts.structFields(read('examples/case-studies/btrfs.c'));
  const wrong = facts.typeClaims(read('content/case-studies/btrfs.md'), declared);
  assert.deepEqual(wrong, []);
});

test('btrfs: the type-claim checker catches the old wording', () => {
  const declared = facts.structFields(read('examples/case-studies/btrfs.c'));
  const old =
    'Btrfs keeps several 64-bit transaction numbers: the generation (`fs_info->generation`), ' +
    'and per-tree log numbers (`log_transid`, `last_log_commit`).\n\nThe fields are `u64`.\n';
  const wrong = facts.typeClaims(old, declared);
  assert.equal(wrong.length, 2, JSON.stringify(wrong));
});

test('btrfs: the spin-wait is labelled hypothetical in the example and on the page', () => {
  const ex = read('examples/case-studies/btrfs.c');
  assert.match(facts.meta('case-studies/btrfs').title, /hypothetical/i, 'examples/case-studies/btrfs.c: title');
  assert.match(facts.comments(ex), /hypothetical/i, 'examples/case-studies/btrfs.c: comment');
  const quiz = facts.quiz('content/case-studies/btrfs.md', 'btrfs-outcome');
  assert.ok(quiz, 'content/case-studies/btrfs.md: quiz btrfs-outcome');
  assert.match(facts.quizText(quiz), /hypothetical/i, 'content/case-studies/btrfs.md: quiz btrfs-outcome');
  assert.match(read('content/case-studies/btrfs.md'), /## The example: a wait that Btrfs does not have/);
});

// ---- Store fusing: the page's sketch uses the example's names ----------------------------------

test('store-fusing: the sketch declares exactly the shared variables and constants of the example', () => {
  const ex = read('examples/store-fusing/shutdown.c');
  const page = read('content/store-fusing.md');
  const sketch = facts.cBlocks(page).find((b) => /void controller\(void\)/.test(b));
  assert.ok(sketch, 'content/store-fusing.md: the shutdown sketch');
  assert.deepEqual(facts.globals(sketch).sort(), facts.sharedNames('store-fusing/shutdown').sort());
  assert.deepEqual(facts.defines(sketch).sort(), facts.defines(ex).sort());
});

test('store-fusing: variables named in the prose and in the reordering page exist in the example', () => {
  const shared = new Set(facts.sharedNames('store-fusing/shutdown'));
  for (const rel of ['content/store-fusing.md', 'content/code-reordering.md', 'content/invented-stores.md']) {
    const used = facts.shutdownVariables(read(rel));
    assert.ok(used.length > 0, `${rel}: names the handshake's variables`);
    for (const name of used)
      assert.ok(shared.has(name), `${rel}: \`${name}\` is not a variable of store-fusing/shutdown`);
  }
  // The running text of the store-fusing page talks about the example's variables only.
  for (const name of facts.proseIdentifiers(read('content/store-fusing.md')))
    assert.ok(shared.has(name), `content/store-fusing.md: \`${name}\` is not a variable of store-fusing/shutdown`);
});

// ---- Store tearing: GCC 12 for AArch64 tears at every level, -O0 included ----------------------

test('store-tearing: the page says -O0, the example checks -O0, and the data shows it', () => {
  const cells = facts.asmCells(DATA, 'store-tearing/const64', 'gcc-12/aarch64');
  for (const [opt, cell] of Object.entries(cells))
    assert.equal(cell.plain.counts.t0.big.stores, 2, `gcc-12/aarch64/${opt}: the plain store is torn`);
  assert.deepEqual(Object.keys(cells).sort(), facts.opts().sort());
  const para = facts.paragraphWith(read('content/store-tearing.md'), '`stp w0, w0`');
  assert.match(
    para,
    /`seen: store-tearing\/const64@gcc-12\/aarch64\/O0`/,
    'content/store-tearing.md: the -O0 tear, from the data',
  );
  const ex = JSON.parse(fs.readFileSync(path.join(DATA, 'examples/store-tearing/const64.json'), 'utf8'));
  assert.ok(ex.seen.cells.includes('gcc-12/aarch64/O0'), 'the computed evidence has the -O0 tear');
  const on = facts.meta('store-tearing/const64').evidence_on;
  assert.ok(
    on.some((p) => /^(gcc-12|any)\/(aarch64|any)\/(any|([\w,]*,)?O0(,[\w,]*)?)$/.test(p)),
    `examples/store-tearing/const64.c: evidence-on '${on}' names the -O0 cell`,
  );
});

// ---- The stale-pointer quiz asks about variants whose answer follows from the rule -------------

test('load-fusing: the stale-pointer outcome quizzes ask the fused and the fixed variants', () => {
  const variants = facts
    .outcomeQuizzes('content/load-fusing.md')
    .filter((q) => q.example === 'load-fusing/stale-pointer')
    .map((q) => q.variant)
    .sort();
  assert.deepEqual(variants, ['fixed', 'transformed']);
  const out = JSON.parse(fs.readFileSync(path.join(DATA, 'outcomes/load-fusing/stale-pointer.json'), 'utf8'));
  assert.equal(
    out.variants.transformed.checked['r2 == 1 && r1 != 42'],
    true,
    'the fused reader dereferences a stale pointer',
  );
  assert.equal(out.variants.fixed.checked['r2 == 1 && r1 != 42'], false, 'the marked reader cannot');
});

// ---- Stale pointer and page_vma_mapped: the pages say the evidence follows the value -----------

// The pages say what the plain evidence checks: the used value comes from the first, plain load,
// with the variable loaded again on the way (not "two loads instead of three", which both the
// harmful and the harmless reuse satisfy). The evidence line must be that check, and the computed
// cells must exclude the one the page names as harmless.
test('stale-pointer, page_vma_mapped: the pages claim what the evidence checks (the stale value reaches the use)', () => {
  const cases = [
    [
      'examples/load-fusing/stale-pointer.c',
      'content/load-fusing.md',
      'load-fusing/stale-pointer',
      /^stale_loads_to\(t1, gp, deref\) >= 1$/,
    ],
    [
      'examples/case-studies/page-vma-mapped.c',
      'content/case-studies/page-vma-mapped.md',
      'case-studies/page-vma-mapped',
      /^stale_loads_to\(t1, pmd, r1\) >= 1$/,
    ],
  ];
  for (const [file, page, id, want] of cases) {
    assert.match(
      facts.meta(id).evidence.plain[0].expr,
      want,
      `${file}: the plain evidence is the stale value reaching the use`,
    );
    const para = facts.paragraphWith(read(page), `\`seen: ${id}\``);
    assert.match(para, /loaded again/, `${page}: the paragraph with the seen directive says what the evidence checks`);
    const harmless = para.match(new RegExp(`\`seen: ${id}!([^\`]+)\``));
    assert.ok(harmless, `${page}: names a cell where the reuse is harmless, through the data`);
    const ex = JSON.parse(fs.readFileSync(path.join(DATA, `examples/${id}.json`), 'utf8'));
    assert.ok(!ex.seen.cells.includes(harmless[1]), `${id}: not seen on ${harmless[1]}`);
    assert.ok(ex.seen.cells.length > 0, `${id}: seen somewhere`);
  }
});

// ---- How real: the middle column quotes the article's table ------------------------------------

// The article's "Occurs in the Wild?" table (seed 000, "How real is all this?"), by page slug.
const ARTICLE_TABLE = {
  'load-tearing': 'Yes',
  'store-tearing': 'Yes, for constants (to be fixed?)',
  'load-fusing': 'Yes',
  'store-fusing': 'Yes',
  'code-reordering': 'Yes',
  'invented-loads': 'Yes',
  'invented-stores': 'In some cases',
  'store-to-load': 'Unknown',
  'dead-code': 'Yes',
};
// Rows whose "Yes" the article's text backs with no incident or report.
const NO_INCIDENT = ['store-fusing', 'code-reordering', 'invented-loads', 'dead-code'];

test('how-real: the article column quotes the article table', () => {
  assert.deepEqual(facts.howRealColumn(read('content/how-real.md')), ARTICLE_TABLE);
});

test('how-real: the page names exactly the rows the article backs with no incident', () => {
  const page = read('content/how-real.md');
  const sentence = facts.sentenceWith(page, 'names no incident');
  assert.ok(sentence, 'content/how-real.md: a sentence saying which rows have no incident');
  const all = facts.pageTitles();
  const titles = Object.fromEntries(Object.keys(ARTICLE_TABLE).map((slug) => [slug, all[slug]]));
  const named = Object.entries(titles)
    .filter(([, t]) => sentence.toLowerCase().includes(t.toLowerCase()))
    .map(([slug]) => slug)
    .sort();
  assert.deepEqual(named, [...NO_INCIDENT].sort());
  assert.doesNotMatch(page, /from real kernel incidents/);
});

// ---- Compile facts stated in the corrected prose (candidates for the data directive) -----------

test('net-tls: every compiler loads the pointer twice at -O0 and once from -O1, as the page says', () => {
  for (const target of facts.targets()) {
    const cells = facts.asmCells(DATA, 'case-studies/net-tls', target);
    for (const [opt, cell] of Object.entries(cells))
      assert.equal(cell.plain.counts.t1.sk_prot.loads, opt === 'O0' ? 2 : 1, `${target}/${opt}`);
  }
  const para = facts.paragraphWith(read('content/case-studies/net-tls.md'), 'In the plain variant');
  assert.match(para, /optimizing compiles the pointer happens to be loaded once/);
  assert.match(para, /at `-O0` it\s+is loaded again for the second entry/);
});

test('code-reordering: the page states where the flag is stored first only through the data', () => {
  const page = read('content/code-reordering.md');
  const para = facts.paragraphWith(page, "Look at the plain variant's disassembly");
  assert.match(para, /`seen: code-reordering\/publish@gcc-12\/x86_64\/O2`/);
  assert.match(para, /`seen: code-reordering\/publish`/);
  // the data: the flag is stored first exactly on the computed cells (storeOrder reads the listing)
  const ex = JSON.parse(fs.readFileSync(path.join(DATA, 'examples/code-reordering/publish.json'), 'utf8'));
  for (const target of facts.targets()) {
    const cells = facts.asmCells(DATA, 'code-reordering/publish', target);
    for (const [opt, cell] of Object.entries(cells))
      assert.equal(
        facts.storeOrder(cell.plain.functions.t0) === 'ready,data',
        ex.seen.cells.includes(`${target}/${opt}`),
        `${target}/${opt}`,
      );
  }
});

// ---- Compiler facts come from the data (issue 11, sections 1 and 2) -----------------------------

const pages = () =>
  fs
    .readdirSync(path.join(ROOT, 'content'), { recursive: true })
    .filter((n) => n.endsWith('.md'))
    .map((n) => `content/${n}`);

test('no page states a compiler/target/-O fact except through the seen directive', () => {
  const found = pages().flatMap((p) => facts.compilerFacts(read(p)).map((x) => `${p}: ${x}`));
  assert.deepEqual(found, []);
});

test('the compiler-fact check catches typed facts and lets the directive through', () => {
  const old =
    "This is not theoretical. With the course's matrix, GCC 12 for AArch64 splits\n" +
    'the plain store at every optimization level, `-O0` included.\n\n' +
    '| [Store fusing](store-fusing.md) | Yes | Reproduced: GCC from `-O1` and Clang from `-O2`. |\n';
  assert.equal(facts.compilerFacts(old).length, 2);
  assert.deepEqual(facts.compilerFacts('Seen `seen: store-tearing/const64`, with `gcc-12/aarch64/O0`.\n'), []);
});

test('every seen directive names an example whose computed evidence is published', () => {
  for (const p of pages())
    for (const m of read(p).matchAll(/`seen: ([^`@!]+)(?:([@!])([^`]+))?`/g)) {
      const file = path.join(DATA, 'examples', `${m[1]}.json`);
      assert.ok(fs.existsSync(file), `${p}: no data for ${m[1]}`);
      const seen = JSON.parse(fs.readFileSync(file, 'utf8')).seen;
      assert.ok(seen && Array.isArray(seen.cells), `${p}: ${m[1]} states no transformation`);
      if (m[2]) assert.equal(seen.cells.includes(m[3]), m[2] === '@', `${p}: ${m[0]}`);
    }
});

test('how-real: every measured cell of the summary table is a seen directive', () => {
  const rows = read('content/how-real.md')
    .split('\n')
    .filter((l) => /^\| \[/.test(l));
  assert.equal(rows.length, Object.keys(ARTICLE_TABLE).length);
  for (const row of rows) {
    const measured = row.split('|')[3];
    assert.match(measured, /`seen: [^`]+`/, row);
    assert.doesNotMatch(measured.replace(/`[^`]*`/g, ''), /\b(GCC|Clang|-O\d)\b/, row);
  }
});
